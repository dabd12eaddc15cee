"""TON v4R2 messages signed by the core, executed by the TON Virtual Machine (tonpy 0.0.0.1.4rc0: Disintar's
bindings of the TON node's VM) running the wallet's own v4R2 code on recv_external: the wallet must accept the
message (exit 0: its seqno, subwallet id, expiry and ed25519 signature checks pass), bump its seqno and emit
exactly the internal message the signer put in the body with send mode 3. A wallet with another key, seqno,
subwallet or clock must refuse it with the contract's own exit codes (33 seqno, 34 subwallet, 35 signature,
36 expired)."""
import pytest
from nacl.signing import SigningKey
from tonpy import Cell, begin_cell
from tonpy.tvm import TVM
from tonpy.tvm.c7 import C7

from conftest import sign

SEED = "51" * 32
DEST = "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N"
DEST_ACCOUNT = 0x83DFD552E63729B472FCBCC8C45EBCC6691702558B68EC7527E1BA403A0F31A8
JETTON_WALLET = "EQBOVLBKdd7_vWhDA4TpTnHV0exBaDhSD6KRASRsNlcuBix1"
CODE_HASH = "FEB5FF6820E2FF0D9483E7E0D62C817D846789FB4AE580C878866D959DABD5C0"
WALLET_ID = 698983191
NOW = 1_800_000_000


def public_key(seed=SEED) -> int:
    return int.from_bytes(bytes(SigningKey(bytes.fromhex(seed)).verify_key), "big")


def wallet_data(seqno: int, key: int, wallet_id: int = WALLET_ID) -> Cell:
    return begin_cell().store_uint(seqno, 32).store_uint(wallet_id, 32).store_uint(key, 256).store_uint(0, 1).end_cell()


def parse_external(encoded: str):
    """The external message's wallet account, StateInit (code, data) or None, and body slice."""
    message = Cell(encoded)
    s = message.begin_parse()
    assert s.load_uint(2) == 0b10 and s.load_uint(2) == 0            # ext_in_msg_info, src addr_none
    assert s.load_uint(3) == 0b100 and s.load_int(8) == 0
    account = s.load_uint(256)
    assert s.load_var_uint(16) == 0                                  # import_fee
    init = None
    if s.load_bool():
        state = s.load_ref().begin_parse() if s.load_bool() else s
        assert state.load_uint(5) == 0b00110
        init = (state.load_ref(), state.load_ref())
    body = s.load_ref().begin_parse() if s.load_bool() else s
    return message, account, init, body


def execute(message: Cell, body, code: Cell, data: Cell, account: int, now: int = NOW):
    tvm = TVM(code=code, data=data)
    tvm.set_c7(C7(time=now, balance_grams=10**10, address={"workchain": 0, "address": format(account, "064x")},
                  my_code=code))
    tvm.set_stack([10**10, 0, message, body, -1])                    # recv_external
    tvm.run(unpack_stack=False, allow_non_success=True)
    return tvm


def code_cell() -> Cell:
    state = Cell(sign("ton", "state_init", {"private_key": SEED})["encoded"]).begin_parse()
    state.load_uint(5)
    code = state.load_ref()
    assert code.get_hash() == CODE_HASH
    return code


def transfer(**changes):
    value = {"private_key": SEED, "destination": DEST, "amount": "1500000000", "seqno": "5", "valid_until": "1900000000"}
    value.update(changes)
    return {k: v for k, v in value.items() if v is not None}


def read_comment(s) -> str:
    assert s.load_uint(32) == 0
    return s.load_string()


def accepted(value):
    """Signs, executes on the wallet and returns the emitted internal message's slice and the signed one."""
    out = sign("ton", "transfer", value)
    message, account, init, body = parse_external(out["encoded"])
    assert message.get_hash().lower() == out["hash"]
    seqno = int(value["seqno"])
    if init is None:
        code, data = code_cell(), wallet_data(seqno, public_key(value["private_key"]))
    else:
        code, data = init
        assert code.get_hash() == CODE_HASH
        state = begin_cell().store_uint(0b00110, 5).store_ref(code).store_ref(data).end_cell()
        assert int(state.get_hash(), 16) == account                 # the message deploys the wallet it is for
    tvm = execute(message, body, code, data, account)
    assert tvm.exit_code == 0, tvm.exit_code
    assert tvm.c4_updated.begin_parse().load_uint(32) == seqno + 1
    actions = tvm.c5_updated.begin_parse()
    previous = actions.load_ref()
    assert previous.begin_parse().bits == 0                          # one action
    assert actions.load_uint(32) == 0x0EC3C86D and actions.load_uint(8) == 3   # send_raw_message, mode 3
    sent = actions.load_ref()
    signed = body.copy()
    signed.skip_bits(64 * 8 + 32 * 3 + 8 + 8)
    assert sent.get_hash() == signed.load_ref().get_hash()
    m = sent.begin_parse()
    assert m.load_uint(1) == 0 and m.load_bool() is True           # int_msg_info, ihr_disabled
    bounce = m.load_bool()
    assert m.load_bool() is False and m.load_uint(2) == 0           # not bounced, src addr_none
    assert m.load_uint(3) == 0b100 and m.load_int(8) == 0
    destination = m.load_uint(256)
    grams = m.load_var_uint(16)
    assert m.load_bool() is False                                    # no extra currencies
    m.load_var_uint(16), m.load_var_uint(16), m.load_uint(64), m.load_uint(32)
    assert m.load_bool() is False                                    # no StateInit
    payload = m.load_ref().begin_parse() if m.load_bool() else m
    return bounce, destination, grams, payload


@pytest.mark.parametrize("changes", [{}, {"comment": "hello"}, {"comment": "ж" * 300}, {"seqno": "0"},
                                     {"seqno": "0", "deployed": False, "comment": "first"}])
def test_wallet_executes_ton_transfer(changes):
    bounce, destination, grams, payload = accepted(transfer(**changes))
    assert (bounce, destination, grams) == (True, DEST_ACCOUNT, 1_500_000_000)
    if "comment" in changes:
        assert read_comment(payload) == changes["comment"]
    else:
        assert payload.bits == 0 and payload.refs == 0


@pytest.mark.parametrize("comment", [None, "invoice 7"])
def test_wallet_executes_jetton_transfer(comment):
    value = transfer(sender_jetton_wallet=JETTON_WALLET, attached_amount="50000000", forward_amount="1",
                     query_id="9", amount="2500000", comment=comment)
    bounce, destination, grams, body = accepted(value)
    assert bounce is True and grams == 50_000_000
    assert destination == 0x4E54B04A75DEFFBD68430384E94E71D5D1EC416838520FA29101246C36572E06
    assert body.load_uint(32) == 0x0F8A7EA5 and body.load_uint(64) == 9 and body.load_var_uint(16) == 2_500_000
    assert body.load_uint(3) == 0b100 and body.load_int(8) == 0 and body.load_uint(256) == DEST_ACCOUNT


@pytest.mark.parametrize("data_changes, now, code", [
    ({"seqno": 6}, NOW, 33),                        # the wallet is at another seqno
    ({"wallet_id": WALLET_ID + 1}, NOW, 34),        # another subwallet
    ({"key": public_key("52" * 32)}, NOW, 35),      # a wallet of another key: the signature does not verify
    ({}, 1_900_000_000, 36),                        # expired (valid_until <= now)
])
def test_wallet_refuses(data_changes, now, code):
    out = sign("ton", "transfer", transfer())
    message, account, init, body = parse_external(out["encoded"])
    data = wallet_data(data_changes.get("seqno", 5), data_changes.get("key", public_key()),
                       data_changes.get("wallet_id", WALLET_ID))
    tvm = execute(message, body, code_cell(), data, account, now=now)
    assert tvm.exit_code == code
