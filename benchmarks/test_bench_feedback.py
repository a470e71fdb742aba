"""One feedback computation: compiled kernel, facade and the pure-Python twin."""

import pytest
from conftest import mark

from wordle_fast import encode_words, feedback
from wordle_fast.core import _feedback, _feedback_twin

GUESS, ANSWER = encode_words(["speed", "abide"])


@pytest.mark.benchmark(group="feedback one pair")
def test_feedback_compiled_kernel(benchmark):
    mark(benchmark, "kernel")
    assert benchmark(_feedback.feedback_code, GUESS, ANSWER) == 10


@pytest.mark.benchmark(group="feedback one pair")
def test_feedback_facade_from_strings(benchmark):
    mark(benchmark, "kernel", note="validates and encodes the two strings")
    assert benchmark(feedback, "speed", "abide") == 10


@pytest.mark.benchmark(group="feedback one pair")
def test_feedback_baseline_pure_python(benchmark):
    mark(benchmark, "baseline")
    assert benchmark(_feedback_twin.feedback_code, GUESS, ANSWER) == 10
