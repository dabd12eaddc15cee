"""A local Solana JSON-RPC node over LiteSVM (solders.litesvm), which verifies signatures and blockhashes and
executes the System, SPL Token, Token-2022 and Associated Token Account programs.

Run: .venvs/solana/bin/python tests/chains/solana_node.py --port 0 --ready-file F [--genesis-hash H]

Answers the calls of chain-apis.md § 3 in the Solana JSON-RPC shapes ({context, value} wrappers, jsonParsed token
accounts, a null getTransaction for an unknown signature, -32002 preflight failures). Each landed transaction
advances the slot by one.

State at start: the test account (seed 0x11×32, `GET /_control/info`) holds 100 SOL, and 1,000 units of an SPL
Token mint (6 decimals) and of a Token-2022 mint (9 decimals) in its associated token accounts.

Control (POST /_control/<name>), besides the fault switches of common.py:
  info                               {testAccount, testSecret (64-byte hex), splMint, token2022Mint, slot, ...}
  fund {address, lamports}           airdrop
  fund {address, mint, amount}       creates the owner's associated token account if needed, then mints
  stake {address, lamports}          creates an initialized stake account (Stake program) whose staker and
                                     withdrawer are `address` (what getProgramAccounts' memcmp at 12 finds)
  mine {slots}                       advances the slot and expires the blockhash
  syncing {on, behind}               getHealth answers -32005 "Node is behind by N slots"
  priority_fees {fees: [..]}         seeds getRecentPrioritizationFees (one entry per slot, newest last)
"""

from __future__ import annotations

import base64
import json
import os
import struct
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import base58  # noqa: E402
from solders.instruction import AccountMeta, Instruction  # noqa: E402
from solders.keypair import Keypair  # noqa: E402
from solders.litesvm import LiteSVM  # noqa: E402
from solders.message import Message, MessageV0  # noqa: E402
from solders.pubkey import Pubkey  # noqa: E402
from solders.signature import Signature  # noqa: E402
from solders.system_program import ID as SYSTEM, CreateAccountParams, create_account  # noqa: E402
from solders.token import ID as TOKEN  # noqa: E402
from solders.token.associated import get_associated_token_address  # noqa: E402
from solders.transaction import Transaction, VersionedTransaction  # noqa: E402
from solders.transaction_metadata import FailedTransactionMetadata  # noqa: E402

from common import ControlError, JsonRpcServer, RpcError, main, param  # noqa: E402

TOKEN_2022 = Pubkey.from_string("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb")
ATA = Pubkey.from_string("ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL")
COMPUTE_BUDGET = Pubkey.from_string("ComputeBudget111111111111111111111111111111")
STAKE = Pubkey.from_string("Stake11111111111111111111111111111111111111")
RENT_SYSVAR = Pubkey.from_string("SysvarRent111111111111111111111111111111111")
MAINNET_GENESIS = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d"
API_VERSION = "2.2.0"
U64_MAX = 18446744073709551615
PROGRAM_NAMES = {TOKEN: "spl-token", TOKEN_2022: "spl-token-2022"}
EXTENSIONS = {1: "transferFeeConfig", 2: "transferFeeAmount", 3: "mintCloseAuthority", 6: "defaultAccountState",
              7: "immutableOwner", 8: "memoTransfer", 9: "nonTransferable", 14: "cpiGuard", 18: "metadataPointer",
              19: "tokenMetadata"}


def pubkey(v: Any, what: str = "pubkey") -> Pubkey:
    if isinstance(v, str):
        try:
            return Pubkey.from_string(v)
        except ValueError:
            pass
    raise RpcError(-32602, f"Invalid param: Invalid {what}")


def opts(p: list[Any], i: int) -> dict[str, Any]:
    o = param(p, i, None) or {}
    if not isinstance(o, dict):
        raise RpcError(-32602, "Invalid params: expected a configuration object")
    return o


def ui(amount: int, decimals: int) -> dict[str, Any]:
    s = str(amount).rjust(decimals + 1, "0")
    text = (s[:-decimals] + "." + s[-decimals:]).rstrip("0").rstrip(".") if decimals else s
    return {"amount": str(amount), "decimals": decimals, "uiAmount": float(text), "uiAmountString": text}


class SolanaNode(JsonRpcServer):
    def __init__(self, port: int = 0, genesis_hash: str = MAINNET_GENESIS) -> None:
        super().__init__(port)
        self.genesis = genesis_hash
        self.svm = LiteSVM()
        self.start_slot = self.svm.get_clock().slot
        self.test = Keypair.from_seed(bytes([0x11] * 32))
        self.authority = Keypair.from_seed(bytes([0x22] * 32))
        self.history: dict[str, dict[str, Any]] = {}
        self.fees: list[dict[str, int]] = []
        self.last_valid: dict[str, int] = {}
        self.behind: int | None = None
        self.svm.airdrop(self.authority.pubkey(), 1000 * 10**9)
        self.svm.airdrop(self.test.pubkey(), 100 * 10**9)
        self.spl_mint = self._create_mint(Keypair.from_seed(bytes([0x33] * 32)), TOKEN, 6)
        self.t22_mint = self._create_mint(Keypair.from_seed(bytes([0x44] * 32)), TOKEN_2022, 9)
        self._mint_to(self.test.pubkey(), self.spl_mint, 1000 * 10**6)
        self._mint_to(self.test.pubkey(), self.t22_mint, 1000 * 10**9)

    # ---- helpers over LiteSVM
    @property
    def slot(self) -> int:
        return self.svm.get_clock().slot

    @property
    def block_height(self) -> int:
        return self.slot - self.start_slot

    def _advance(self, slots: int = 1) -> None:
        self.svm.warp_to_slot(self.slot + slots)

    def _authority_send(self, ixs: list[Instruction], extra: list[Keypair] = ()) -> None:  # type: ignore[assignment]
        bh = self.svm.latest_blockhash()
        tx = Transaction([self.authority, *extra], Message.new_with_blockhash(ixs, self.authority.pubkey(), bh), bh)
        res = self.svm.send_transaction(tx)
        if isinstance(res, FailedTransactionMetadata):
            raise ControlError(f"setup transaction failed: {res.to_json()[:300]}")
        self._record(tx, res, bytes(tx))
        self._advance()

    def _create_mint(self, mint: Keypair, program: Pubkey, decimals: int) -> Pubkey:
        self._authority_send([
            create_account(CreateAccountParams(from_pubkey=self.authority.pubkey(), to_pubkey=mint.pubkey(),
                                               lamports=self.svm.minimum_balance_for_rent_exemption(82), space=82, owner=program)),
            Instruction(program, bytes([20, decimals]) + bytes(self.authority.pubkey()) + b"\x00",
                        [AccountMeta(mint.pubkey(), False, True)])], [mint])
        return mint.pubkey()

    def _program_of(self, mint: Pubkey) -> Pubkey:
        acc = self.svm.get_account(mint)
        if acc is None or acc.owner not in PROGRAM_NAMES or len(acc.data) < 82:
            raise ControlError("not a mint")
        return acc.owner

    def _mint_to(self, owner: Pubkey, mint: Pubkey, amount: int) -> Pubkey:
        program = self._program_of(mint)
        ata = get_associated_token_address(owner, mint, program)
        ixs = []
        if self.svm.get_account(ata) is None:
            ixs.append(Instruction(ATA, b"\x01", [   # CreateIdempotent
                AccountMeta(self.authority.pubkey(), True, True), AccountMeta(ata, False, True), AccountMeta(owner, False, False),
                AccountMeta(mint, False, False), AccountMeta(SYSTEM, False, False), AccountMeta(program, False, False)]))
        ixs.append(Instruction(program, bytes([7]) + struct.pack("<Q", amount), [
            AccountMeta(mint, False, True), AccountMeta(ata, False, True), AccountMeta(self.authority.pubkey(), True, False)]))
        self._authority_send(ixs)
        return ata

    def _token_account(self, address: Pubkey, acc: Any = None) -> dict[str, Any] | None:
        acc = acc if acc is not None else self.svm.get_account(address)
        if acc is None or acc.owner not in PROGRAM_NAMES or len(acc.data) < 165 or (len(acc.data) > 165 and acc.data[165] != 2):
            return None
        d = bytes(acc.data)
        mint, owner = Pubkey(d[0:32]), Pubkey(d[32:64])
        amount = struct.unpack_from("<Q", d, 64)[0]
        state = {0: "uninitialized", 1: "initialized", 2: "frozen"}.get(d[108], "uninitialized")
        if state == "uninitialized":
            return None
        macc = self.svm.get_account(mint)
        decimals = macc.data[44] if macc is not None and len(macc.data) >= 82 else 0
        info: dict[str, Any] = {"isNative": d[109] == 1, "mint": str(mint), "owner": str(owner), "state": state,
                                "tokenAmount": ui(amount, decimals)}
        if struct.unpack_from("<I", d, 72)[0] == 1:
            info["delegate"] = str(Pubkey(d[76:108]))
            info["delegatedAmount"] = ui(struct.unpack_from("<Q", d, 121)[0], decimals)
        exts = self._extensions(d, 166)
        if exts:
            info["extensions"] = exts
        return {"program": PROGRAM_NAMES[acc.owner], "parsed": {"info": info, "type": "account"}, "space": len(d),
                "_mint": mint, "_owner": owner, "_amount": amount, "_decimals": decimals}

    @staticmethod
    def _extensions(d: bytes, at: int) -> list[dict[str, Any]]:
        out = []
        while at + 4 <= len(d):
            typ, ln = struct.unpack_from("<HH", d, at)
            if typ == 0:
                break
            out.append({"extension": EXTENSIONS.get(typ, f"unparseable{typ}")})
            at += 4 + ln
        return out

    def _mint_parsed(self, acc: Any) -> dict[str, Any] | None:
        if acc.owner not in PROGRAM_NAMES or len(acc.data) < 82 or (len(acc.data) > 82 and len(acc.data) < 166):
            return None
        d = bytes(acc.data)
        if d[45] != 1:
            return None
        coption = lambda at: str(Pubkey(d[at + 4:at + 36])) if struct.unpack_from("<I", d, at)[0] == 1 else None  # noqa: E731
        info = {"decimals": d[44], "freezeAuthority": coption(46), "isInitialized": True, "mintAuthority": coption(0),
                "supply": str(struct.unpack_from("<Q", d, 36)[0])}
        exts = self._extensions(d, 166) if len(d) > 82 else []
        if exts:
            info["extensions"] = exts
        return {"program": PROGRAM_NAMES[acc.owner], "parsed": {"info": info, "type": "mint"}, "space": len(d)}

    def _account_json(self, acc: Any, encoding: str, parsed: dict[str, Any] | None = None) -> dict[str, Any]:
        raw = bytes(acc.data)
        if encoding == "jsonParsed":
            parsed = parsed or self._mint_parsed(acc)
            data: Any = {k: v for k, v in parsed.items() if not k.startswith("_")} if parsed else [base64.b64encode(raw).decode(), "base64"]
        elif encoding == "base64":
            data = [base64.b64encode(raw).decode(), "base64"]
        elif encoding in ("base58", "binary"):
            if len(raw) > 128:
                raise RpcError(-32600, "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.")
            data = base58.b58encode(raw).decode() if encoding == "binary" else [base58.b58encode(raw).decode(), "base58"]
        else:
            raise RpcError(-32602, f"Invalid params: unknown variant `{encoding}`")
        return {"data": data, "executable": acc.executable, "lamports": acc.lamports, "owner": str(acc.owner),
                "rentEpoch": U64_MAX, "space": len(raw)}

    def _ctx(self, value: Any) -> dict[str, Any]:
        return {"context": {"apiVersion": API_VERSION, "slot": self.slot}, "value": value}

    def _token_balances(self, keys: list[Pubkey]) -> list[dict[str, Any]]:
        out = []
        for i, k in enumerate(keys):
            t = self._token_account(k)
            if t:
                acc = self.svm.get_account(k)
                out.append({"accountIndex": i, "mint": str(t["_mint"]), "owner": str(t["_owner"]),
                            "programId": str(acc.owner), "uiTokenAmount": ui(t["_amount"], t["_decimals"])})
        return out

    def _record(self, tx: VersionedTransaction | Transaction, res: Any, raw: bytes, pre: Any = None,
                err: Any = None) -> str:
        keys = list(tx.message.account_keys)
        sig = str(tx.signatures[0])
        meta = res.meta() if isinstance(res, FailedTransactionMetadata) else res
        post = ([self.svm.get_balance(k) or 0 for k in keys], self._token_balances(keys))
        pre = pre or post
        ver = 0 if isinstance(tx, VersionedTransaction) and isinstance(tx.message, MessageV0) else "legacy"
        self.history[sig] = {"slot": self.slot, "raw": raw, "tx": tx, "version": ver, "err": err, "fee": meta.fee(),
                             "logs": list(meta.logs()), "units": meta.compute_units_consumed(),
                             "pre": pre[0], "post": post[0], "preToken": pre[1], "postToken": post[1]}
        unit_price = 0
        for ix in tx.message.instructions:
            if keys[ix.program_id_index] == COMPUTE_BUDGET and len(ix.data) == 9 and ix.data[0] == 3:
                unit_price = struct.unpack("<Q", bytes(ix.data[1:9]))[0]
        self.fees.append({"slot": self.slot, "prioritizationFee": unit_price})
        del self.fees[:-150]
        return sig

    # ---- control
    def control(self, name: str, body: dict[str, Any]) -> Any:
        if name == "info":
            return {"testAccount": str(self.test.pubkey()), "testSecret": bytes(self.test).hex(),
                    "splMint": str(self.spl_mint), "splDecimals": 6, "token2022Mint": str(self.t22_mint), "token2022Decimals": 9,
                    "mintAuthority": str(self.authority.pubkey()), "slot": self.slot, "genesisHash": self.genesis,
                    "blockhash": str(self.svm.latest_blockhash())}
        if name == "fund":
            owner = Pubkey.from_string(body["address"])
            if "mint" in body:
                ata = self._mint_to(owner, Pubkey.from_string(body["mint"]), int(body["amount"]))
                return {"tokenAccount": str(ata)}
            lamports = int(body["lamports"])
            res = self.svm.airdrop(owner, lamports)
            if isinstance(res, FailedTransactionMetadata):
                raise ControlError(f"airdrop failed: {res.err()}")
            return {"balance": self.svm.get_balance(owner)}
        if name == "stake":
            owner = Pubkey.from_string(body["address"])
            lamports = int(body["lamports"])
            if lamports <= 0:
                raise ControlError("lamports must be positive")
            acct = Keypair()
            reserve = self.svm.minimum_balance_for_rent_exemption(200)
            init = Instruction(STAKE, struct.pack("<I", 0) + bytes(owner) + bytes(owner) + struct.pack("<qQ", 0, 0) + bytes(32),
                               [AccountMeta(acct.pubkey(), False, True), AccountMeta(RENT_SYSVAR, False, False)])
            self._authority_send([create_account(CreateAccountParams(from_pubkey=self.authority.pubkey(), to_pubkey=acct.pubkey(),
                                                                     lamports=reserve + lamports, space=200, owner=STAKE)), init], [acct])
            return {"stakeAccount": str(acct.pubkey()), "lamports": reserve + lamports}
        if name == "mine":
            n = int(body.get("slots", 1))
            if not 0 < n <= 10**6:
                raise ControlError("slots must be 1..1000000")
            self._advance(n)
            self.svm.expire_blockhash()
            return {"slot": self.slot, "blockhash": str(self.svm.latest_blockhash())}
        if name == "syncing":
            self.behind = int(body.get("behind", 100)) if body.get("on", True) else None
            return {"behind": self.behind}
        if name == "priority_fees":
            fees = body.get("fees", [])
            if not isinstance(fees, list) or not all(isinstance(f, int) and f >= 0 for f in fees):
                raise ControlError("fees must be a list of non-negative integers")
            start = self.slot - len(fees) + 1
            self.fees = [{"slot": start + i, "prioritizationFee": f} for i, f in enumerate(fees)]
            return {"fees": self.fees}
        raise ControlError(f"unknown control endpoint {name}")

    # ---- JSON-RPC
    def methods(self) -> dict[str, Any]:
        return {
            "getBalance": lambda p: self._ctx(self.svm.get_balance(pubkey(param(p, 0))) or 0),
            "getAccountInfo": self.get_account_info,
            "getTokenAccountsByOwner": self.get_token_accounts_by_owner,
            "getProgramAccounts": self.get_program_accounts,
            "getLatestBlockhash": self.get_latest_blockhash,
            "getRecentPrioritizationFees": lambda p: list(self.fees) or [{"slot": self.slot, "prioritizationFee": 0}],
            "getMinimumBalanceForRentExemption": self.rent,
            "sendTransaction": self.send_transaction,
            "getSignatureStatuses": self.get_signature_statuses,
            "getTransaction": self.get_transaction,
            "getSlot": lambda p: self.slot,
            "getBlockHeight": lambda p: self.block_height,
            "getGenesisHash": lambda p: self.genesis,
            "getHealth": self.get_health,
            "getVersion": lambda p: {"solana-core": API_VERSION, "feature-set": 0},
            "getEpochInfo": lambda p: {"absoluteSlot": self.slot, "blockHeight": self.block_height, "epoch": 0,
                                       "slotIndex": self.slot % 432000, "slotsInEpoch": 432000, "transactionCount": len(self.history)},
        }

    def get_health(self, p: list[Any]) -> str:
        if self.behind is not None:
            raise RpcError(-32005, f"Node is behind by {self.behind} slots", {"numSlotsBehind": self.behind})
        return "ok"

    def get_account_info(self, p: list[Any]) -> dict[str, Any]:
        addr = pubkey(param(p, 0))
        enc = opts(p, 1).get("encoding", "binary")
        acc = self.svm.get_account(addr)
        if acc is None or (acc.lamports == 0 and not acc.data):
            return self._ctx(None)
        return self._ctx(self._account_json(acc, enc, self._token_account(addr, acc)))

    def get_token_accounts_by_owner(self, p: list[Any]) -> dict[str, Any]:
        owner = pubkey(param(p, 0))
        flt = param(p, 1)
        enc = opts(p, 2).get("encoding", "binary")
        if not isinstance(flt, dict) or len(flt) != 1 or not ({"mint", "programId"} & set(flt)):
            raise RpcError(-32602, "Invalid params: expected {\"mint\": ...} or {\"programId\": ...}")
        if "mint" in flt:
            mint = pubkey(flt["mint"], "mint")
            macc = self.svm.get_account(mint)
            if macc is None or macc.owner not in PROGRAM_NAMES:
                raise RpcError(-32602, "Invalid param: could not find mint")
            programs = [macc.owner]
        else:
            prog = pubkey(flt["programId"], "programId")
            if prog not in PROGRAM_NAMES:
                raise RpcError(-32602, "Invalid param: unrecognized Token program id")
            programs, mint = [prog], None
        out = []
        for prog in programs:
            for addr, acc in self.svm.get_program_accounts(prog):
                t = self._token_account(addr, acc)
                if t and t["_owner"] == owner and (mint is None or t["_mint"] == mint):
                    out.append({"pubkey": str(addr), "account": self._account_json(acc, enc, t)})
        out.sort(key=lambda x: x["pubkey"])
        return self._ctx(out)

    @staticmethod
    def _stake_parsed(acc: Any) -> dict[str, Any] | None:
        d = bytes(acc.data)
        if acc.owner != STAKE or len(d) < 200:
            return None
        kind = struct.unpack_from("<I", d, 0)[0]
        names = {0: "uninitialized", 1: "initialized", 2: "delegated", 3: "rewardsPool"}
        if kind not in (1, 2):
            return {"program": "stake", "parsed": {"type": names.get(kind, "uninitialized"), "info": None}, "space": len(d)}
        u64 = lambda at: str(struct.unpack_from("<Q", d, at)[0])  # noqa: E731
        info: dict[str, Any] = {"meta": {"rentExemptReserve": u64(4),
                                         "authorized": {"staker": str(Pubkey(d[12:44])), "withdrawer": str(Pubkey(d[44:76]))},
                                         "lockup": {"unixTimestamp": struct.unpack_from("<q", d, 76)[0],
                                                    "epoch": struct.unpack_from("<Q", d, 84)[0], "custodian": str(Pubkey(d[92:124]))}},
                                "stake": None}
        if kind == 2:
            info["stake"] = {"delegation": {"voter": str(Pubkey(d[124:156])), "stake": u64(156), "activationEpoch": u64(164),
                                            "deactivationEpoch": u64(172), "warmupCooldownRate": struct.unpack_from("<d", d, 180)[0]},
                             "creditsObserved": struct.unpack_from("<Q", d, 188)[0]}
        return {"program": "stake", "parsed": {"type": names[kind], "info": info}, "space": len(d)}

    def get_program_accounts(self, p: list[Any]) -> Any:
        program = pubkey(param(p, 0), "program id")
        o = opts(p, 1)
        enc = o.get("encoding", "binary")
        filters = o.get("filters", []) or []
        if not isinstance(filters, list) or len(filters) > 4:
            raise RpcError(-32602, "Invalid params: too many filters provided; max 4")
        checks = []
        for f in filters:
            if isinstance(f, dict) and "dataSize" in f and isinstance(f["dataSize"], int):
                checks.append(lambda d, n=f["dataSize"]: len(d) == n)
            elif isinstance(f, dict) and isinstance(f.get("memcmp"), dict):
                m = f["memcmp"]
                try:
                    want = base64.b64decode(m["bytes"]) if m.get("encoding") == "base64" else base58.b58decode(m["bytes"])
                    off = int(m["offset"])
                except (KeyError, ValueError, TypeError):
                    raise RpcError(-32602, "Invalid params: invalid memcmp filter") from None
                checks.append(lambda d, w=want, at=off: d[at:at + len(w)] == w)
            else:
                raise RpcError(-32602, f"Invalid params: unknown filter {json.dumps(f)[:80]}")
        out = []
        for addr, acc in self.svm.get_program_accounts(program):
            d = bytes(acc.data)
            if all(c(d) for c in checks):
                parsed = self._token_account(addr, acc) if acc.owner in PROGRAM_NAMES else self._stake_parsed(acc)
                out.append({"pubkey": str(addr), "account": self._account_json(acc, enc, parsed)})
        out.sort(key=lambda x: x["pubkey"])
        return self._ctx(out) if o.get("withContext") else out

    def get_latest_blockhash(self, p: list[Any]) -> dict[str, Any]:
        bh = str(self.svm.latest_blockhash())
        last = self.last_valid.setdefault(bh, self.block_height + 150)
        return self._ctx({"blockhash": bh, "lastValidBlockHeight": last})

    def rent(self, p: list[Any]) -> int:
        size = param(p, 0)
        if not isinstance(size, int) or not 0 <= size <= 10 * 1024 * 1024:
            raise RpcError(-32602, "Invalid params: data length must be 0..10MiB")
        return self.svm.minimum_balance_for_rent_exemption(size)

    def send_transaction(self, p: list[Any]) -> str:
        data = param(p, 0)
        o = opts(p, 1)
        enc = o.get("encoding", "base58")
        if not isinstance(data, str):
            raise RpcError(-32602, "Invalid params: transaction must be a string")
        try:
            raw = base64.b64decode(data, validate=True) if enc == "base64" else base58.b58decode(data) if enc == "base58" else None
        except ValueError:
            raw = None
        if raw is None:
            raise RpcError(-32602, f"invalid {enc} encoding: the transaction is not valid {enc}")
        try:
            tx = VersionedTransaction.from_bytes(raw)
        except Exception as e:
            raise RpcError(-32602, f"failed to deserialize solana_transaction::versioned::VersionedTransaction: {e}") from None
        sig = str(tx.signatures[0]) if tx.signatures else ""
        if sig in self.history:
            if o.get("skipPreflight"):
                return sig
            raise RpcError(-32002, "Transaction simulation failed: This transaction has already been processed",
                           {"err": "AlreadyProcessed", "logs": [], "accounts": None, "unitsConsumed": 0, "returnData": None})
        if not o.get("skipPreflight"):
            sim = self.svm.simulate_transaction(tx)
            if isinstance(sim, FailedTransactionMetadata):
                j = json.loads(sim.to_json())
                err = j["err"]
                raise RpcError(-32002, "Transaction simulation failed: " + self._err_text(err),
                               {"err": err, "logs": j["meta"]["logs"], "accounts": None,
                                "unitsConsumed": j["meta"]["compute_units_consumed"], "returnData": None})
        keys = list(tx.message.account_keys)
        pre = ([self.svm.get_balance(k) or 0 for k in keys], self._token_balances(keys))
        res = self.svm.send_transaction(tx)
        if isinstance(res, FailedTransactionMetadata):
            err = json.loads(res.to_json())["err"]
            if isinstance(err, dict) and "InstructionError" in err:   # executed and failed: it lands, the fee is paid
                self._record(tx, res, raw, pre, err)
                self._advance()
            return sig                  # skipPreflight: the signature, whether or not it lands
        self._record(tx, res, raw, pre)
        self._advance()
        return sig

    @staticmethod
    def _err_text(err: Any) -> str:
        if err == "BlockhashNotFound":
            return "Blockhash not found"
        if err == "SignatureFailure":
            return "Transaction did not pass signature verification"
        if err == "AccountNotFound":
            return "Attempt to debit an account but found no record of a prior credit."
        if isinstance(err, dict) and "InstructionError" in err:
            i, e = err["InstructionError"]
            if isinstance(e, dict) and "Custom" in e:
                return f"Error processing Instruction {i}: custom program error: {hex(e['Custom'])}"
            return f"Error processing Instruction {i}: {e}"
        return str(err)

    def _signature(self, v: Any) -> str:
        try:
            return str(Signature.from_string(v))
        except (ValueError, TypeError):
            raise RpcError(-32602, "Invalid param: Invalid signature") from None

    def get_signature_statuses(self, p: list[Any]) -> dict[str, Any]:
        sigs = param(p, 0)
        if not isinstance(sigs, list) or len(sigs) > 256:
            raise RpcError(-32602, "Invalid params: at most 256 signatures")
        out = []
        for s in sigs:
            h = self.history.get(self._signature(s))
            if h is None:
                out.append(None)
                continue
            depth = self.slot - h["slot"]
            final = depth >= 32
            out.append({"slot": h["slot"], "confirmations": None if final else depth, "err": h["err"],
                        "status": {"Ok": None} if h["err"] is None else {"Err": h["err"]},
                        "confirmationStatus": "finalized" if final else "confirmed"})
        return self._ctx(out)

    def get_transaction(self, p: list[Any]) -> Any:
        sig = self._signature(param(p, 0))
        o = opts(p, 1)
        h = self.history.get(sig)
        if h is None:
            return None
        maxv = o.get("maxSupportedTransactionVersion")
        if h["version"] == 0 and maxv is None:
            raise RpcError(-32015, "Transaction version (0) is not supported by the requesting client. Please try the request "
                                   "again with the following configuration parameter: \"maxSupportedTransactionVersion\": 0")
        enc = o.get("encoding", "json")
        tx = h["tx"]
        if enc == "base64":
            txj: Any = [base64.b64encode(h["raw"]).decode(), "base64"]
        elif enc == "base58":
            txj = [base58.b58encode(h["raw"]).decode(), "base58"]
        elif enc in ("json", "jsonParsed"):
            msg = tx.message
            hdr = msg.header
            m: dict[str, Any] = {
                "accountKeys": [str(k) for k in msg.account_keys],
                "header": {"numRequiredSignatures": hdr.num_required_signatures,
                           "numReadonlySignedAccounts": hdr.num_readonly_signed_accounts,
                           "numReadonlyUnsignedAccounts": hdr.num_readonly_unsigned_accounts},
                "recentBlockhash": str(msg.recent_blockhash),
                "instructions": [{"programIdIndex": ix.program_id_index, "accounts": list(ix.accounts),
                                  "data": base58.b58encode(bytes(ix.data)).decode(), "stackHeight": None}
                                 for ix in msg.instructions]}
            if h["version"] == 0:
                m["addressTableLookups"] = [{"accountKey": str(a.account_key), "writableIndexes": list(a.writable_indexes),
                                             "readonlyIndexes": list(a.readonly_indexes)} for a in msg.address_table_lookups]
            txj = {"signatures": [str(s) for s in tx.signatures], "message": m}
        else:
            raise RpcError(-32602, f"Invalid params: unknown variant `{enc}`")
        meta = {"err": h["err"], "status": {"Ok": None} if h["err"] is None else {"Err": h["err"]}, "fee": h["fee"],
                "preBalances": h["pre"], "postBalances": h["post"], "innerInstructions": [], "logMessages": h["logs"],
                "preTokenBalances": h["preToken"], "postTokenBalances": h["postToken"], "rewards": [],
                "loadedAddresses": {"writable": [], "readonly": []}, "computeUnitsConsumed": h["units"]}
        return {"slot": h["slot"], "blockTime": 1_700_000_000 + (h["slot"] - self.start_slot) * 4 // 10,
                "version": h["version"], "meta": meta, "transaction": txj}


def make(args: Any) -> SolanaNode:
    return SolanaNode(args.port, args.genesis_hash)


if __name__ == "__main__":
    main(make, lambda ap: ap.add_argument("--genesis-hash", default=MAINNET_GENESIS))
