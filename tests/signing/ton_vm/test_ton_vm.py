"""TON v4R2 messages signed by the core, executed by the TON Virtual Machine (tonpy 0.0.0.1.4rc0: Disintar's
bindings of the TON node's VM) running the wallet's own v4R2 code on recv_external: the wallet must accept the
message (exit 0: its seqno, subwallet id, expiry and ed25519 signature checks pass), bump its seqno and emit
exactly the internal message the signer put in the body with send mode 3. A wallet with another key, seqno,
subwallet or clock must refuse it with the contract's own exit codes (33 seqno, 34 subwallet, 35 signature,
36 expired). A jetton transfer's message is then executed by the standard jetton wallet code (recv_internal, with
the sender set as the chain sets it): it must debit the amount and send internal_transfer to the recipient's
jetton wallet with the forward amount, response address and comment the core signed."""
import base64

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


# The standard jetton wallet (ton-blockchain/token-contract ft/jetton-wallet.fc, as minter.ton.org deploys it;
# the bag of cells as explorers show the code of such wallets). Test data: the contract the message is for.
JETTON_WALLET_CODE = (
    "b5ee9c7241021101000323000114ff00f4a413f4bcf2c80b0102016202030202cc0405001ba0f605da89a1f401f481f481a8610201d406"
    "07020120080900c30831c02497c138007434c0c05c6c2544d7c0fc03383e903e900c7e800c5c75c87e800c7e800c1cea6d0000b4c7e084"
    "03e29fa954882ea54c4d167c0278208405e3514654882ea58c511100fc02b80d60841657c1ef2ea4d67c02f817c12103fcbc2000113e91"
    "0c1c2ebcb853600201200a0b0083d40106b90f6a2687d007d207d206a1802698fc1080bc6a28ca9105d41083deecbef09dd0958f97162e"
    "99f98fd001809d02811e428027d012c678b00e78b6664f6aa401f1503d33ffa00fa4021f001ed44d0fa00fa40fa40d4305136a1522ac705"
    "f2e2c128c2fff2e2c254344270542013541403c85004fa0258cf1601cf16ccc922c8cb0112f400f400cb00c920f9007074c8cb02ca07cb"
    "ffc9d004fa40f40431fa0020d749c200f2e2c4778018c8cb055008cf1670fa0217cb6b13cc80c0201200d0e009e8210178d4519c8cb1f19"
    "cb3f5007fa0222cf165006cf1625fa025003cf16c95005cc2391729171e25008a813a08209c9c380a014bcf2e2c504c98040fb001023c8"
    "5004fa0258cf1601cf16ccc9ed5402f73b51343e803e903e90350c0234cffe80145468017e903e9014d6f1c1551cdb5c150804d50500f2"
    "14013e809633c58073c5b33248b232c044bd003d0032c0327e401c1d3232c0b281f2fff274140371c1472c7cb8b0c2be80146a28608226"
    "25a019ad822860822625a028062849e5c412440e0dd7c138c34975c2c0600f1000d73b51343e803e903e90350c01f4cffe803e900c1454"
    "68549271c17cb8b049f0bffcb8b08160824c4b402805af3cb8b0e0841ef765f7b232c7c572cfd400fe8088b3c58073c5b25c60063232c1"
    "4933c59c3e80b2dab33260103ec01004f214013e809633c58073c5b3327b552000705279a018a182107362d09cc8cb1f5230cb3f58fa02"
    "5007cf165007cf16c9718010c8cb0524cf165006fa0215cb6a14ccc971fb0010241023007cc30023c200b08e218210d53276db708010c8"
    "cb055008cf165004fa0216cb6a12cb1f12cb3fc972fb0093356c21e203c85004fa0258cf1601cf16ccc9ed5495eaedd7")
JETTON_MASTER = "0:" + "77" * 32


def read_address(s) -> int:
    assert s.load_uint(3) == 0b100 and s.load_int(8) == 0
    return s.load_uint(256)


@pytest.mark.parametrize("comment, forward", [(None, "0"), ("invoice 7", "1"), ("long memo " * 40, "10000000")])
def test_jetton_wallet_executes_the_transfer(comment, forward):
    code = Cell(base64.b64encode(bytes.fromhex(JETTON_WALLET_CODE)).decode())
    assert code.get_hash() == "BEB0683EBEB8927FE9FC8EC0A18BC7DD17899689825A121EAB46C5A3A860D0CE"
    value = transfer(sender_jetton_wallet=JETTON_WALLET, attached_amount="50000000", forward_amount=forward,
                     query_id="9", amount="2500000", comment=comment)
    out = sign("ton", "transfer", value)
    message, owner, _, body = parse_external(out["encoded"])
    wallet = execute(message, body, code_cell(), wallet_data(5, public_key()), owner)
    assert wallet.exit_code == 0
    actions = wallet.c5_updated.begin_parse()
    actions.load_ref(), actions.load_uint(32 + 8)
    sent = actions.load_ref().begin_parse()
    sent.load_uint(4), sent.load_uint(2)
    jetton_wallet = read_address(sent)
    grams = sent.load_var_uint(16)
    sent.load_uint(1), sent.load_var_uint(16), sent.load_var_uint(16), sent.load_uint(96), sent.load_uint(1)
    transfer_body = sent.load_ref() if sent.load_bool() else sent.to_cell()
    # As the chain delivers it: src = the sender's wallet, a forward fee.
    delivered = begin_cell().store_uint(0b0110, 4).store_address(f"0:{owner:064x}") \
        .store_address(f"0:{jetton_wallet:064x}").store_var_uint(grams, 16).store_uint(0, 1).store_var_uint(0, 16) \
        .store_var_uint(1_000_000, 16).store_uint(0, 96).store_uint(0, 1).store_uint(1, 1).store_ref(transfer_body).end_cell()
    data = begin_cell().store_var_uint(10**9, 16).store_address(f"0:{owner:064x}").store_address(JETTON_MASTER) \
        .store_ref(code).end_cell()
    tvm = TVM(code=code, data=data)
    tvm.set_c7(C7(time=NOW, balance_grams=grams, address={"workchain": 0, "address": format(jetton_wallet, "064x")},
                  my_code=code))
    tvm.set_stack([grams, grams, delivered, transfer_body.begin_parse(), 0])   # recv_internal
    tvm.run(unpack_stack=False, allow_non_success=True)
    assert tvm.exit_code == 0, tvm.exit_code
    assert tvm.c4_updated.begin_parse().load_var_uint(16) == 10**9 - 2_500_000
    actions = tvm.c5_updated.begin_parse()
    actions.load_ref()
    assert actions.load_uint(32) == 0x0EC3C86D and actions.load_uint(8) == 64     # carry the remaining value
    m = actions.load_ref().begin_parse()
    m.load_uint(4), m.load_uint(2)
    recipient_wallet = read_address(m)
    m.load_var_uint(16), m.load_uint(1), m.load_var_uint(16), m.load_var_uint(16), m.load_uint(96)
    assert m.load_bool() is True                                                  # StateInit of the recipient's wallet
    state = (m.load_ref().begin_parse() if m.load_bool() else m)
    state.load_uint(5)
    state.load_ref()
    recipient_data = state.load_ref().begin_parse()
    recipient_data.load_var_uint(16)
    assert read_address(recipient_data) == DEST_ACCOUNT                          # the jettons go to the recipient
    internal = m.load_ref().begin_parse() if m.load_bool() else m
    assert internal.load_uint(32) == 0x178D4519 and internal.load_uint(64) == 9  # internal_transfer, query id
    assert internal.load_var_uint(16) == 2_500_000
    assert read_address(internal) == owner and read_address(internal) == owner  # from, response address
    assert internal.load_var_uint(16) == int(forward)
    if comment is None:
        assert internal.load_bool() is False
    else:
        assert internal.load_bool() is True and read_comment(internal.load_ref().begin_parse()) == comment
    assert recipient_wallet != jetton_wallet


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
