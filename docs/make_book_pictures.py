"""The README's pictures of a book, made from a real ``dominosa book`` run so that they stay true.

```sh
python docs/make_book_pictures.py          # writes docs/book-puzzle-page.png, book-cover.png, book-shapes-page.png
```

It builds the book and its cover as a user would (``dominosa book --seed 7 --author ... --cover-out ...``, in a
temporary folder), and a small book of shaped puzzles (``--count 0 --shapes heart,star``), then draws a page of
the Hard section, the whole cover and the shaped puzzles' page as PNG with ``pdftoppm``
(poppler-utils; on Debian ``apt-get install poppler-utils``). Needs the dev install (``pip install -e '.[dev]'``)
for pypdf, which finds the page.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pypdf

HERE = Path(__file__).resolve().parent
PAGE, COVER = HERE / "book-puzzle-page.png", HERE / "book-cover.png"
SHAPES_PAGE = HERE / "book-shapes-page.png"
BOOK = ["--seed", "7", "--author", "Ann Lee", "--title", "Dominosa", "--quiet"]
# A page of shaped puzzles: a whole book of two hard ones (--count 0), the heart and the star drawn for double-7.
SHAPED_BOOK = ["--seed", "7", "--count", "0", "--shapes", "heart,star", "--shape-count", "2", "--order", "7",
               "--grade", "hard", "--quiet"]


def main() -> int:
    if shutil.which("pdftoppm") is None:
        print("make_book_pictures: needs pdftoppm (poppler-utils) to draw PDF pages as PNG", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        book, cover = work / "book.pdf", work / "cover.pdf"
        command = [sys.executable, "-m", "dominosa", "book", *BOOK, "--out", str(book), "--cover-out", str(cover)]
        subprocess.run(command, check=True, cwd=work)
        texts = [page.extract_text() for page in pypdf.PdfReader(book).pages]
        number = next(k for k, text in enumerate(texts, 1) if text.startswith("HARD"))
        _png(book, number, 100, PAGE)
        _png(cover, 1, 60, COVER)
        shaped = work / "shaped.pdf"
        command = [sys.executable, "-m", "dominosa", "book", *SHAPED_BOOK, "--out", str(shaped)]
        subprocess.run(command, check=True, cwd=work)
        texts = [page.extract_text() for page in pypdf.PdfReader(shaped).pages]
        shaped_number = next(k for k, text in enumerate(texts, 1) if "Puzzles 1–2" in text)
        _png(shaped, shaped_number, 100, SHAPES_PAGE)
    print(f"wrote {PAGE.relative_to(HERE.parent)} (page {number}), {COVER.relative_to(HERE.parent)} and"
          f" {SHAPES_PAGE.relative_to(HERE.parent)}")  # fmt: skip
    return 0


def _png(pdf: Path, page: int, dpi: int, target: Path) -> None:
    """One page of ``pdf`` as a PNG at ``dpi``, written whole (a temporary name, then renamed)."""
    stem = target.with_name(f".{target.stem}-drawing")
    subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile", str(pdf),
                    str(stem)], check=True)  # fmt: skip
    stem.with_suffix(".png").replace(target)


if __name__ == "__main__":
    sys.exit(main())
