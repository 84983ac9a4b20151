"""The fuzz suite that stays: hostile input through every reader and every puzzle-reading command.

Inputs are valid puzzles in every format, mutated (cut, spliced with random text, digits of other scripts,
numbers of thousands of digits, deep nesting, lines repeated), and plain random bytes. Each must give a result
or the documented error, nothing else: the readers return puzzles or raise ``PuzzleError``; the command exits
0, 1 or 2, and 2 only with one short line on standard error. Sized for CI (a few thousand examples, well under a
minute); ``bench/fuzz.py`` runs 100,000 with memory and time watched.

Each mutated text is held to ``MAX_TEXT`` characters. Without that bound, mutations compound (a 3,000-fold nesting,
then its line repeated 50 times, then again) into texts of tens of millions of characters; the readers are linear
(about half a microsecond a character for JSON), so such a text alone costs tens of seconds, and one run of this
module took over four minutes. The studio refuses bodies over 1 MB anyway, and ``bench/fuzz.py`` is where size is
pushed.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from cli_run import dominosa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominosa.cli.main import main
from dominosa.errors import PuzzleError
from dominosa.formats import read_game_id, read_plain, read_records
from dominosa.formats.json_format import iter_json_values, puzzle_from_dict
from dominosa.formats.reader import decode_bytes, read_file_records

VALID = [
    "# a double-3 puzzle\n22223\n10101\n23301\n03310\n-\n2-2@r1c1,r1c2\n",
    "10 3 10 0\n3 3 0 0\n",
    "3:22223101012330103310\n6db:[6]5\n",
    '{"grid": [[2,2,2,2,3],[1,0,1,0,1],[2,3,3,0,1],[0,3,3,1,0]], "clues": [[[0,0],[0,1]]]}\n',
    '{"grid": [[0,0,1],[1,1,0]], "solution": [[[0,0],[0,1]],[[0,2],[1,2]],[[1,0],[1,1]]]}\n{"grid": [[0,1],[0,1]]}\n',
    '[{"grid": [[0, 0, 1], [1, 1, 0]], "dominoes": [[0,0],[0,1],[1,1]]}]\n',
    '3:22223101012330103310\n\n001\n110\n\n{"grid": [[0,0,1],[1,1,0]]}\n',
]
OTHER_DIGITS = "٠١٢٣٤٥٦٧٨٩۳०३০৩੩૩௩౩๓០０３𝟑"
PIECES = ["[", "]", "{", "}", ",", ":", '"', "-", "@", "r", "c", "x", ".", "#", "\n", " ", ";", "null", "1e999", "-1"]


MAX_TEXT = 400_000  # characters: past the studio's 1 MB body limit in UTF-8 for most texts, and fast to read


@st.composite
def mutated(draw) -> str:
    """A valid puzzle after one to three mutations, each kept only if the text stays within ``MAX_TEXT``."""
    text = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 3))):
        text = _mutate(draw, text)
    return text


def _mutate(draw, text: str) -> str:
    """One mutation of ``text``, or ``text`` itself when the mutation would grow it past ``MAX_TEXT``."""
    before = text
    where = draw(st.integers(0, len(text)))
    kind = draw(st.sampled_from(["cut", "splice", "piece", "digit", "number", "deep", "repeat"]))
    if kind == "cut":
        text = text[:where] if draw(st.booleans()) else text[where:]
    elif kind == "splice":
        text = text[:where] + draw(st.text(max_size=20)) + text[where:]
    elif kind == "piece":
        text = text[:where] + draw(st.sampled_from(PIECES)) * draw(st.sampled_from([1, 2, 40])) + text[where:]
    elif kind == "digit":
        text = text[:where] + draw(st.sampled_from(OTHER_DIGITS)) + text[where + 1 :]
    elif kind == "number":
        text = text[:where] + "9" * draw(st.sampled_from([8, 30, 5000])) + text[where:]
    elif kind == "deep":
        text = text[:where] + draw(st.sampled_from(["[", '{"a":'])) * draw(st.sampled_from([33, 3000])) + text[where:]
    else:
        lines = text.split("\n")
        k = draw(st.integers(0, len(lines) - 1))
        lines[k] = lines[k] * draw(st.sampled_from([2, 50]))
        text = "\n".join(lines)
    return text if len(text) <= MAX_TEXT else before


hostile = st.one_of(mutated(), st.text(max_size=200), st.text(alphabet="0123456789[]{},:\n x.-", max_size=300))
hostile_bytes = st.one_of(hostile.map(lambda t: t.encode("utf-8", "surrogatepass")), st.binary(max_size=500))

SLOW_OK = [HealthCheck.too_slow, HealthCheck.data_too_large]
FAST = settings(max_examples=700, deadline=None, suppress_health_check=SLOW_OK)


@FAST
@given(hostile)
def test_the_reader_gives_puzzles_or_a_puzzle_error(text):
    try:
        records = list(read_records(text, "fuzz"))
    except PuzzleError as error:
        assert "\n" not in str(error) and len(str(error)) < 400
    else:
        assert records


@FAST
@given(hostile)
def test_each_format_reader_alone(text):
    for read in (read_game_id, read_plain):
        with contextlib.suppress(PuzzleError):
            read(text)
    lines = list(enumerate(text.split("\n"), 1))
    with contextlib.suppress(PuzzleError):
        for value, _, _ in iter_json_values(lines):
            with contextlib.suppress(PuzzleError):
                puzzle_from_dict(value)


@FAST
@given(hostile_bytes)
def test_files_of_any_bytes(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "input.txt"
    path.write_bytes(data)
    for read in (lambda: read_file_records(path), lambda: list(read_records(decode_bytes(data), "fuzz"))):
        try:
            read()
        except PuzzleError as error:
            assert "\n" not in str(error) and len(str(error)) < 400


COMMANDS = [
    ["show"],
    ["show", "--format", "json"],
    ["solve", "--timeout", "2"],
    ["rate", "--timeout", "2", "--node-budget", "500"],
    ["hint", "--timeout", "2"],
    ["explain", "--timeout", "2", "--node-budget", "500"],
    ["render", "--timeout", "2", "--format", "svg", "--out", "{dir}/p{n}.svg"],
]


def _run_in_process(args: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(args)
        except SystemExit as exit_:  # argparse's own errors
            code = exit_.code
    return code, err.getvalue()


def _judge(code: int, stderr: str) -> None:
    assert code in (0, 1, 2), (code, stderr)
    assert "Traceback" not in stderr
    if code == 2:
        assert len(stderr.strip().splitlines()) == 1 and len(stderr) < 500, stderr[:500]


@settings(max_examples=500, deadline=None, suppress_health_check=SLOW_OK)
@given(hostile_bytes, st.sampled_from(COMMANDS))
def test_every_puzzle_reading_command(tmp_path_factory, data, command):
    folder = tmp_path_factory.mktemp("cmd")
    path = folder / "input.txt"
    path.write_bytes(data)
    args = [a.replace("{dir}", str(folder)) for a in command] + [str(path)]
    _judge(*_run_in_process(args))


@pytest.mark.parametrize("command", [["show"], ["rate", "--timeout", "5"], ["render", "--out", "{dir}/p{n}.png"]])
@settings(max_examples=4, deadline=None, suppress_health_check=SLOW_OK)
@given(data=hostile_bytes)
def test_real_console_script(tmp_path_factory, command, data):
    folder: Path = tmp_path_factory.mktemp("real")
    args = [a.replace("{dir}", str(folder)) for a in command]
    done = dominosa(*args, "-", stdin=data, timeout=120)
    _judge(done.returncode, done.stderr)


TILING = "title: tiny\nboard:\n. .\n. .\npiece a:\n##\npiece b:\n##\n"


@settings(max_examples=300, deadline=None, suppress_health_check=SLOW_OK)
@given(
    st.one_of(
        st.text(max_size=200),
        st.builds(
            lambda a, b, c: TILING[:a] + b + TILING[c:],
            st.integers(0, len(TILING)),
            st.text(max_size=20),
            st.integers(0, len(TILING)),
        ),
    )
)
def test_the_tiling_reader(text):
    from dominosa.tiling import read_packing

    try:
        read_packing(text, "fuzz")
    except PuzzleError as error:
        assert "\n" not in str(error)
