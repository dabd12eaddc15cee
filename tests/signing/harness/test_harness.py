"""The harness pipe itself: a request it cannot route is an error result, not a crash or a shifted answer."""
from conftest import run_harness


def test_unknown_family_and_op_are_errors_in_place():
    answer = run_harness([
        {"family": "nope", "op": "x", "input": {}},
        {"family": "harness", "op": "echo", "input": [1, "two"]},
        {"family": "harness", "op": "other", "input": None},
        {"op": "x"},
    ])
    assert answer[0] == {"error": "harness: unknown family nope"}
    assert answer[1] == {"ok": [1, "two"]}
    assert answer[2]["error"].startswith("harness: unknown op other")
    assert answer[3] == {"error": "harness: request needs family and op"}
