"""A local EVM JSON-RPC node over an in-process eth-tester chain (py-evm executes every transaction).

Run: .venvs/evm/bin/python tests/chains/evm_node.py --port 0 --ready-file F [--chain-id 1]

Answers the calls of chain-apis.md § 1 in the node's JSON-RPC shapes (hex quantities, a null receipt while a
transaction is unknown or pending, error objects). py-evm executes a transaction whatever chain id it was signed
for (oracles.md, EVM pitfall), so eth_sendRawTransaction decodes the bytes and refuses another chain's id (and an
unprotected legacy transaction) before execution.

State at start: the test account (key 0x11…11, `GET /_control/info`) holds 100 ETH and 1,000,000 TST of an
ERC-20 compiled with vyper and deployed by the node's own funded account.

Control (POST /_control/<name>, JSON body), besides the fault switches of common.py:
  info                               {chainId, testAccount, testKey, token, tokenHolder, blockNumber}
  fund {address, wei}                sends native coin from the node's account (mined at once)
  fund {address, token, amount}      transfers ERC-20 units from the deployer
  mine {blocks}                      executes the pending transactions (one block each, in arrival order), then
                                     mines the rest of N blocks
  syncing {on, behind}               eth_syncing answers a sync object, `behind` blocks short of the head
  automine {on}                      off: sent transactions are checked (chain id, signature, nonce, funds) and
                                     stay pending, with a null receipt, until mine

One node can stand in for many EVM chains: --scope-chain-ids '{"polygon": 137, ...}' makes eth_chainId and
net_version answer a request under /polygon/... with 137 (the first path segment is the scope, as for the fault
switches). State, the CHAINID opcode and eth_sendRawTransaction's chain-id check stay --chain-id's.
--call-stubs '{"<address>": "0x…", "<address>:<selector>": "0x…"}' answers eth_call to a contract this chain does
not deploy (another chain's staking reader, say) with that return data, by address and 4-byte selector (hex, no 0x)
or by address alone; every other call executes.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rlp  # noqa: E402
from eth_abi import encode as abi_encode  # noqa: E402
from eth_account import Account  # noqa: E402
from eth_account.typed_transactions import TypedTransaction  # noqa: E402
from eth_tester import EthereumTester, PyEVMBackend  # noqa: E402
from eth_tester.exceptions import TransactionFailed, TransactionNotFound, BlockNotFound  # noqa: E402
from eth_utils import keccak, to_checksum_address  # noqa: E402
from hexbytes import HexBytes  # noqa: E402

from common import ControlError, JsonRpcServer, RpcError, main, param  # noqa: E402

TEST_KEY = "0x" + "11" * 32
TOKEN_DECIMALS = 6
TOKEN_SRC = """
# pragma version ^0.4.0
event Transfer:
    sender: indexed(address)
    receiver: indexed(address)
    value: uint256
event Approval:
    owner: indexed(address)
    spender: indexed(address)
    value: uint256
name: public(String[32])
symbol: public(String[8])
decimals: public(uint8)
totalSupply: public(uint256)
balanceOf: public(HashMap[address, uint256])
allowance: public(HashMap[address, HashMap[address, uint256]])
@deploy
def __init__(supply: uint256):
    self.name = "Test Token"
    self.symbol = "TST"
    self.decimals = 6
    self.totalSupply = supply
    self.balanceOf[msg.sender] = supply
    log Transfer(sender=empty(address), receiver=msg.sender, value=supply)
@external
def transfer(to: address, amount: uint256) -> bool:
    self.balanceOf[msg.sender] -= amount
    self.balanceOf[to] += amount
    log Transfer(sender=msg.sender, receiver=to, value=amount)
    return True
@external
def approve(spender: address, amount: uint256) -> bool:
    self.allowance[msg.sender][spender] = amount
    log Approval(owner=msg.sender, spender=spender, value=amount)
    return True
@external
def transferFrom(owner: address, to: address, amount: uint256) -> bool:
    self.allowance[owner][msg.sender] -= amount
    self.balanceOf[owner] -= amount
    self.balanceOf[to] += amount
    log Transfer(sender=owner, receiver=to, value=amount)
    return True
"""

_INITCODE_CACHE: bytes | None = None


def token_initcode() -> bytes:
    global _INITCODE_CACHE
    if _INITCODE_CACHE is None:
        import vyper
        _INITCODE_CACHE = bytes.fromhex(vyper.compile_code(TOKEN_SRC, output_formats=["bytecode"])["bytecode"][2:])
    return _INITCODE_CACHE


def hx(n: int) -> str:
    return hex(n)


def qty(v: Any, name: str = "quantity") -> int:
    if isinstance(v, str) and v.startswith(("0x", "0X")) and len(v) > 2 and len(v) <= 66:
        return int(v, 16)
    raise RpcError(-32602, f"invalid argument: {name} must be a 0x-prefixed hex quantity")


def data_hex(v: Any, name: str = "data") -> str:
    if v is None:
        return "0x"
    if isinstance(v, str) and v.startswith("0x") and len(v) % 2 == 0:
        try:
            bytes.fromhex(v[2:])
            return v
        except ValueError:
            pass
    raise RpcError(-32602, f"invalid argument: {name} must be 0x-prefixed hex bytes")


def address(v: Any) -> str:
    if isinstance(v, str) and v.startswith("0x") and len(v) == 42:
        try:
            return to_checksum_address(v)
        except ValueError:
            pass
    raise RpcError(-32602, "invalid argument 0: hex string has length %d, want 40 for common.Address" % max(0, len(str(v)) - 2))


class EvmNode(JsonRpcServer):
    def __init__(self, port: int = 0, chain_id: int = 1, scope_chain_ids: dict[str, int] | None = None,
                 call_stubs: dict[str, str] | None = None) -> None:
        super().__init__(port)
        self.chain_id = chain_id
        self.scope_chain_ids = dict(scope_chain_ids or {})
        self.call_stubs = {k.lower(): v for k, v in (call_stubs or {}).items()}
        self._request = threading.local()     # the scope of the request this handler thread is answering
        self.t = EthereumTester(PyEVMBackend())
        self.t.backend.chain.chain_id = chain_id      # what the CHAINID opcode reads (eth-tester's default is 131277322940537)
        self.bank = self.t.get_accounts()[0]
        self.test = Account.from_key(TEST_KEY)
        self.pending: dict[str, dict[str, Any]] = {}   # hash -> {raw, from, nonce, tx} while not mined, in order
        self.automine = True
        self.syncing: int | None = None
        self.t.send_transaction({"from": self.bank, "to": self.test.address, "value": 100 * 10**18, "gas": 21000})
        h = self.t.send_transaction({"from": self.bank, "data": "0x" + (token_initcode() + abi_encode(["uint256"], [10**15])).hex(),
                                     "gas": 3_000_000})
        self.token = to_checksum_address(self.t.get_transaction_receipt(h)["contract_address"])
        self._token_transfer(self.test.address, 10**6 * 10**TOKEN_DECIMALS)

    def _token_transfer(self, to: str, amount: int) -> str:
        data = keccak(text="transfer(address,uint256)")[:4] + abi_encode(["address", "uint256"], [to, amount])
        h = self.t.send_transaction({"from": self.bank, "to": self.token, "data": "0x" + data.hex(), "gas": 200_000})
        return h

    # ---- control
    def control(self, name: str, body: dict[str, Any]) -> Any:
        if name == "info":
            return {"chainId": self.chain_id, "testAccount": self.test.address, "testKey": TEST_KEY, "token": self.token,
                    "tokenDecimals": TOKEN_DECIMALS, "tokenSymbol": "TST", "tokenHolder": self.bank,
                    "blockNumber": self.t.get_block_by_number("latest")["number"]}
        if name == "fund":
            to = address(body["address"])
            if "token" in body:
                if address(body["token"]) != self.token:
                    raise ControlError("unknown token")
                h = self._token_transfer(to, int(body["amount"]))
            else:
                h = self.t.send_transaction({"from": self.bank, "to": to, "value": int(body["wei"]), "gas": 21000})
            return {"hash": h}
        if name == "mine":
            n = int(body.get("blocks", 1))
            if not 0 < n <= 1000:
                raise ControlError("blocks must be 1..1000")
            return {"mined": self._flush(n), "blockNumber": self.t.get_block_by_number("latest")["number"]}
        if name == "syncing":
            self.syncing = int(body.get("behind", 100)) if body.get("on", True) else None
            return {"syncing": self.syncing}
        if name == "automine":
            self.automine = bool(body.get("on", True))
            if self.automine:
                self._flush(0)
            return {"automine": self.automine}
        raise ControlError(f"unknown control endpoint {name}")

    def _flush(self, blocks: int) -> list[str]:
        """Executes the pending transactions (eth-tester mines one block per transaction), then mines up to
        `blocks` blocks in all."""
        landed, queue = [], list(self.pending.items())
        self.pending.clear()
        for h, p in queue:
            try:
                landed.append(self.t.send_raw_transaction("0x" + p["raw"].hex()))
            except Exception:  # noqa: BLE001 - dropped from the pool, as a node drops an invalid transaction
                pass
        if blocks > len(landed):
            self.t.mine_blocks(blocks - len(landed))
        return landed

    # ---- JSON-RPC
    def app(self, method: str, path: str, body: bytes, headers: Any) -> tuple[int, str, bytes]:
        self._request.scope = self.scope_of(path)
        return super().app(method, path, body, headers)

    def answered_chain_id(self) -> int:
        """The chain id eth_chainId answers: the request's scope's (--scope-chain-ids), else --chain-id."""
        return self.scope_chain_ids.get(getattr(self._request, "scope", ""), self.chain_id)

    def methods(self) -> dict[str, Any]:
        return {
            "eth_chainId": lambda p: hx(self.answered_chain_id()),
            "net_version": lambda p: str(self.answered_chain_id()),
            "eth_syncing": self.eth_syncing,
            "eth_blockNumber": lambda p: hx(self.t.get_block_by_number("latest")["number"]),
            "eth_getBalance": self.get_balance,
            "eth_getTransactionCount": self.get_nonce,
            "eth_getCode": lambda p: self.t.get_code(address(param(p, 0)), self.block(param(p, 1, "latest"))),
            "eth_call": self.call,
            "eth_estimateGas": self.estimate_gas,
            "eth_gasPrice": lambda p: hx(self.next_base_fee() + 10**9),
            "eth_maxPriorityFeePerGas": lambda p: hx(10**9),
            "eth_feeHistory": self.fee_history,
            "eth_sendRawTransaction": self.send_raw,
            "eth_getTransactionReceipt": self.receipt,
            "eth_getTransactionByHash": self.tx_by_hash,
            "eth_getBlockByNumber": self.block_by_number,
        }

    def eth_syncing(self, p: list[Any]) -> Any:
        if self.syncing is None:
            return False
        n = self.t.get_block_by_number("latest")["number"]
        return {"startingBlock": hx(0), "currentBlock": hx(n), "highestBlock": hx(n + self.syncing)}

    def block(self, tag: Any) -> Any:
        if tag in ("latest", "pending", "earliest", "safe", "finalized"):
            return "latest" if tag in ("safe", "finalized") else tag
        n = qty(tag, "block")
        if n > self.t.get_block_by_number("latest")["number"]:
            raise RpcError(-32000, "header not found")
        return n

    def get_balance(self, p: list[Any]) -> str:
        return hx(self.t.get_balance(address(param(p, 0)), self.block(param(p, 1, "latest"))))

    def get_nonce(self, p: list[Any]) -> str:
        who, tag = address(param(p, 0)), param(p, 1, "latest")
        if tag == "pending":
            n = self.t.get_nonce(who, "latest")
            mine = [v["nonce"] for v in self.pending.values() if v["from"] == who]
            return hx(max([n - 1] + mine) + 1)
        return hx(self.t.get_nonce(who, self.block(tag)))

    def _tx_in(self, obj: Any, for_estimate: bool) -> dict[str, Any]:
        if not isinstance(obj, dict):
            raise RpcError(-32602, "invalid argument 0: transaction object expected")
        tx: dict[str, Any] = {}
        tx["from"] = address(obj["from"]) if obj.get("from") else self.bank
        if obj.get("to"):
            tx["to"] = address(obj["to"])
        elif not for_estimate:
            tx["to"] = ""
        tx["value"] = qty(obj["value"], "value") if obj.get("value") is not None else 0
        d = obj.get("data", obj.get("input"))
        tx["data"] = data_hex(d)
        if obj.get("gas") is not None:
            tx["gas"] = qty(obj["gas"], "gas")
        elif not for_estimate:
            tx["gas"] = 30_000_000
        return tx

    @staticmethod
    def _revert(e: TransactionFailed) -> RpcError:
        reason = e.args[0] if e.args else b""
        data = reason if isinstance(reason, bytes) else b""
        msg = "execution reverted"
        if isinstance(reason, str) and reason:
            msg += ": " + reason
        return RpcError(3, msg, "0x" + data.hex())

    def call(self, p: list[Any]) -> str:
        if self.call_stubs and isinstance(param(p, 0), dict):
            to = str(param(p, 0).get("to") or "").lower()
            data = str(param(p, 0).get("data") or param(p, 0).get("input") or "")
            selector = data[2:10].lower() if data.startswith("0x") else data[:8].lower()
            stub = self.call_stubs.get(f"{to}:{selector}", self.call_stubs.get(to))
            if stub is not None:
                return stub
        tx = self._tx_in(param(p, 0), for_estimate=False)
        if tx["to"] == "":
            del tx["to"]
        try:
            return self.t.call(tx, self.block(param(p, 1, "latest")))
        except TransactionFailed as e:
            raise self._revert(e) from None

    def estimate_gas(self, p: list[Any]) -> str:
        tx = self._tx_in(param(p, 0), for_estimate=True)
        if tx["value"] and self.t.get_balance(tx["from"]) < tx["value"]:
            raise RpcError(-32000, "insufficient funds for transfer")
        try:
            return hx(self.t.estimate_gas(tx, self.block(param(p, 1, "latest"))))
        except TransactionFailed as e:
            raise self._revert(e) from None

    def next_base_fee(self) -> int:
        b = self.t.get_block_by_number("latest")
        base, used, limit = b["base_fee_per_gas"], b["gas_used"], b["gas_limit"]
        target = limit // 2
        if used == target or target == 0:
            return base
        if used > target:
            return base + max(base * (used - target) // target // 8, 1)
        return base - base * (target - used) // target // 8

    def fee_history(self, p: list[Any]) -> dict[str, Any]:
        count = param(p, 0)
        count = qty(count, "blockCount") if isinstance(count, str) else int(count)
        if not 1 <= count <= 1024:
            raise RpcError(-32602, "invalid argument 0: blockCount must be 1..1024")
        newest = self.block(param(p, 1, "latest"))
        latest = self.t.get_block_by_number("latest")["number"]
        newest = latest if not isinstance(newest, int) else newest
        percentiles = param(p, 2, None) or []
        if not isinstance(percentiles, list) or any(not isinstance(x, (int, float)) or not 0 <= x <= 100 for x in percentiles) \
                or percentiles != sorted(percentiles):
            raise RpcError(-32602, "invalid reward percentile")
        oldest = max(0, newest - count + 1)
        base_fees, ratios, rewards = [], [], []
        for n in range(oldest, newest + 1):
            b = self.t.get_block_by_number(n, full_transactions=True)
            base_fees.append(hx(b["base_fee_per_gas"]))
            ratios.append(b["gas_used"] / b["gas_limit"] if b["gas_limit"] else 0.0)
            tips = []
            for tx in b["transactions"]:
                r = self.t.get_transaction_receipt(tx["hash"])
                tip = r["effective_gas_price"] - b["base_fee_per_gas"]
                tips.append((max(tip, 0), r["gas_used"]))
            tips.sort()
            row = []
            for pc in percentiles:
                if not tips:
                    row.append(hx(0))
                    continue
                want, acc, pick = b["gas_used"] * pc / 100, 0, tips[-1][0]
                for tip, used in tips:
                    acc += used
                    if acc >= want:
                        pick = tip
                        break
                row.append(hx(pick))
            rewards.append(row)
        base_fees.append(hx(self.next_base_fee()) if newest == latest else
                         hx(self.t.get_block_by_number(newest + 1)["base_fee_per_gas"]))
        out: dict[str, Any] = {"oldestBlock": hx(oldest), "baseFeePerGas": base_fees, "gasUsedRatio": ratios}
        if percentiles:
            out["reward"] = rewards
        return out

    def _decode_chain_id(self, raw: bytes) -> int | None:
        if raw and raw[0] < 0x7F:
            return int(TypedTransaction.from_bytes(HexBytes(raw)).as_dict()["chainId"])
        fields = rlp.decode(raw)
        if not isinstance(fields, list) or len(fields) != 9:
            raise ValueError("not a legacy transaction")
        v = int.from_bytes(fields[6], "big")
        return None if v in (27, 28) else (v - 35) // 2

    def send_raw(self, p: list[Any]) -> str:
        raw_hex = param(p, 0)
        if not isinstance(raw_hex, str):
            raise RpcError(-32602, "invalid argument 0: hex string expected")
        if not raw_hex.startswith("0x"):
            raise RpcError(-32602, "invalid argument 0: json: cannot unmarshal hex string without 0x prefix")
        try:
            raw = bytes.fromhex(raw_hex[2:])
            cid = self._decode_chain_id(raw)
            sender = Account.recover_transaction(raw)
        except Exception:
            raise RpcError(-32000, "rlp: invalid transaction") from None
        if cid is None:
            raise RpcError(-32000, "only replay-protected (EIP-155) transactions allowed over RPC")
        if cid != self.chain_id:
            raise RpcError(-32000, f"invalid chain id: have {cid} want {self.chain_id}")
        h = "0x" + keccak(raw).hex()
        if h in self.pending:
            raise RpcError(-32000, "already known")
        try:
            self.t.get_transaction_receipt(h)
            raise RpcError(-32000, "already known")
        except TransactionNotFound:
            pass
        nonce_now = int(self.get_nonce([sender, "pending"]), 16)
        tx = self._decode(raw)
        tx_nonce = tx["nonce"]
        if tx_nonce < nonce_now:
            raise RpcError(-32000, "nonce too low")
        if not self.automine:
            if tx_nonce > nonce_now:
                raise RpcError(-32000, "nonce too high")
            spend = tx["value"] + tx["gas"] * tx["gas_price"]
            owed = sum(p["tx"]["value"] + p["tx"]["gas"] * p["tx"]["gas_price"] for p in self.pending.values() if p["from"] == sender)
            if self.t.get_balance(sender) < spend + owed:
                raise RpcError(-32000, "insufficient funds for gas * price + value")
            self.pending[h] = {"raw": raw, "from": sender, "nonce": tx_nonce, "tx": {**tx, "hash": h, "from": sender}}
            return h
        try:
            out = self.t.send_raw_transaction(raw_hex)
        except Exception as e:  # py-evm validation: nonce gaps, funds, gas
            msg = str(e)
            if "nonce" in msg.lower():
                msg = "nonce too high" if tx_nonce > nonce_now else "nonce too low"
            elif "balance" in msg.lower() or "funds" in msg.lower():
                msg = "insufficient funds for gas * price + value"
            raise RpcError(-32000, msg) from None
        return out

    @staticmethod
    def _decode(raw: bytes) -> dict[str, Any]:
        """The fields of a signed transaction, in eth-tester's names (for a pending getTransactionByHash)."""
        if raw[0] < 0x7F:
            d = TypedTransaction.from_bytes(HexBytes(raw)).as_dict()
            typ = raw[0]
            return {"type": hex(typ), "nonce": int(d["nonce"]), "to": to_checksum_address(d["to"]) if d.get("to") else "",
                    "value": int(d["value"]), "gas": int(d["gas"]), "data": "0x" + bytes(d["data"]).hex(),
                    "chain_id": int(d["chainId"]), "access_list": tuple({"address": a["address"], "storage_keys": tuple(a["storageKeys"])}
                                                                     for a in d.get("accessList", ())),
                    "gas_price": int(d.get("maxFeePerGas", d.get("gasPrice", 0))),
                    "max_fee_per_gas": int(d.get("maxFeePerGas", 0)), "max_priority_fee_per_gas": int(d.get("maxPriorityFeePerGas", 0)),
                    "v": int(d["v"]), "r": int(d["r"]), "s": int(d["s"]), "y_parity": int(d["v"]),
                    "block_hash": None, "block_number": None, "transaction_index": None}
        f = rlp.decode(raw)
        n = lambda b: int.from_bytes(b, "big")  # noqa: E731
        return {"type": "0x0", "nonce": n(f[0]), "gas_price": n(f[1]), "gas": n(f[2]),
                "to": to_checksum_address(f[3]) if f[3] else "", "value": n(f[4]), "data": "0x" + f[5].hex(),
                "v": n(f[6]), "r": n(f[7]), "s": n(f[8]), "block_hash": None, "block_number": None, "transaction_index": None}

    @staticmethod
    def _hash(p: list[Any]) -> str:
        h = param(p, 0)
        if not (isinstance(h, str) and h.startswith("0x") and len(h) == 66):
            raise RpcError(-32602, "invalid argument 0: hex string has length %d, want 64 for common.Hash" % max(0, len(str(h)) - 2))
        return h.lower()

    def receipt(self, p: list[Any]) -> Any:
        h = self._hash(p)
        if h in self.pending:
            return None
        try:
            r = self.t.get_transaction_receipt(h)
        except TransactionNotFound:
            return None
        if r.get("block_number") is None:
            return None
        logs = [{"address": to_checksum_address(lg["address"]), "topics": list(lg["topics"]), "data": lg["data"],
                 "blockNumber": hx(r["block_number"]), "transactionHash": h, "transactionIndex": hx(r["transaction_index"]),
                 "blockHash": r["block_hash"], "logIndex": hx(i), "removed": False} for i, lg in enumerate(r["logs"])]
        return {"transactionHash": h, "transactionIndex": hx(r["transaction_index"]), "blockHash": r["block_hash"],
                "blockNumber": hx(r["block_number"]), "from": r["from"], "to": r["to"] or None,
                "cumulativeGasUsed": hx(r["cumulative_gas_used"]), "gasUsed": hx(r["gas_used"]),
                "effectiveGasPrice": hx(r["effective_gas_price"]),
                "contractAddress": to_checksum_address(r["contract_address"]) if r["contract_address"] else None,
                "logs": logs, "logsBloom": "0x" + "00" * 256, "type": r["type"], "status": hx(r["status"])}

    def _tx_out(self, t: dict[str, Any]) -> dict[str, Any]:
        typ = int(t["type"], 16) if isinstance(t["type"], str) else int(t["type"])
        out = {"hash": t["hash"], "nonce": hx(t["nonce"]), "blockHash": t["block_hash"],
               "blockNumber": hx(t["block_number"]) if t["block_number"] is not None else None,
               "transactionIndex": hx(t["transaction_index"]) if t["transaction_index"] is not None else None,
               "from": t["from"], "to": t["to"] or None, "value": hx(t["value"]), "gas": hx(t["gas"]),
               "gasPrice": hx(t["gas_price"]), "input": t["data"], "type": hx(typ),
               "v": hx(t["v"]), "r": hx(t["r"]), "s": hx(t["s"])}
        if typ >= 1:
            out["chainId"] = hx(t["chain_id"])
            out["accessList"] = [{"address": a["address"], "storageKeys": list(a["storage_keys"])} for a in t.get("access_list", ())]
            out["yParity"] = hx(t.get("y_parity", t["v"]))
        if typ == 2:
            out["maxFeePerGas"] = hx(t["max_fee_per_gas"])
            out["maxPriorityFeePerGas"] = hx(t["max_priority_fee_per_gas"])
        return out

    def tx_by_hash(self, p: list[Any]) -> Any:
        h = self._hash(p)
        if h in self.pending:
            return self._tx_out(self.pending[h]["tx"])
        try:
            t = self.t.get_transaction_by_hash(h)
        except TransactionNotFound:
            return None
        return self._tx_out(t)

    def block_by_number(self, p: list[Any]) -> Any:
        tag, full = param(p, 0), bool(param(p, 1, False))
        try:
            b = self.t.get_block_by_number(self.block(tag), full_transactions=full)
        except (BlockNotFound, RpcError):
            return None
        txs = [self._tx_out(t) for t in b["transactions"]] if full else list(b["transactions"])
        return {"number": hx(b["number"]), "hash": b["hash"], "parentHash": b["parent_hash"], "nonce": b["nonce"],
                "sha3Uncles": b["sha3_uncles"], "logsBloom": "0x" + "00" * 256, "transactionsRoot": b["transactions_root"],
                "stateRoot": b["state_root"], "receiptsRoot": b["receipts_root"], "miner": b["coinbase"],
                "difficulty": "0x0", "extraData": b["extra_data"], "size": hx(b["size"]), "gasLimit": hx(b["gas_limit"]),
                "gasUsed": hx(b["gas_used"]), "timestamp": hx(b["timestamp"]), "baseFeePerGas": hx(b["base_fee_per_gas"]),
                "transactions": txs, "uncles": []}


def make(args: Any) -> EvmNode:
    scopes = json.loads(args.scope_chain_ids) if args.scope_chain_ids else {}
    if not isinstance(scopes, dict) or not all(isinstance(k, str) and isinstance(v, int) for k, v in scopes.items()):
        raise SystemExit("--scope-chain-ids must be a JSON object of scope -> chain id")
    stubs = json.loads(args.call_stubs) if args.call_stubs else {}
    if not isinstance(stubs, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in stubs.items()):
        raise SystemExit("--call-stubs must be a JSON object of address[:selector] -> 0x return data")
    return EvmNode(args.port, args.chain_id, scopes, stubs)


def add_args(ap: Any) -> None:
    ap.add_argument("--chain-id", type=int, default=1)
    ap.add_argument("--scope-chain-ids", default=None, help='JSON {"<scope>": <chain id>} for eth_chainId per scope')
    ap.add_argument("--call-stubs", default=None, help='JSON {"<address>[:<selector>]": "0x<return data>"} for eth_call')


if __name__ == "__main__":
    main(make, add_args)
