// The first screen: a board no taller than leaves room, under it, for the numbers, the controls and a few lines of
// hint, so that a player never scrolls between the board and what plays it. The room is measured from the page as
// laid out (what sits above the board, what sits below it) and given to the stylesheet as --board-room, which caps
// the fitted board's height and a zoomed board's frame.

const HINT_LINES = 72; // px kept for the hint's text: three short lines, as a hint's deduction usually takes
const SMALLEST = 180; // px: below this the board would be too small to play; the page scrolls instead
const MARGIN = 8;

// frame: the board's frame (#board); below: the elements under it that belong in the first screen, in order,
// the last of them the hint's box.
export function fitBoard(frame, below) {
  const shown = below.filter((e) => e && !e.hidden && e.offsetParent !== null);
  const top = frame.getBoundingClientRect().top + window.scrollY;
  const frameStyle = getComputedStyle(frame);
  const padding = parseFloat(frameStyle.paddingTop) + parseFloat(frameStyle.paddingBottom);
  let under = 0;
  if (shown.length) {
    const last = shown[shown.length - 1].getBoundingClientRect();
    const lastTop = last.top - frame.getBoundingClientRect().bottom; // the numbers and controls, with their gaps
    under = lastTop + Math.max(last.height, HINT_LINES);
  }
  const room = Math.max(SMALLEST, window.innerHeight - top - padding - under - MARGIN);
  frame.style.setProperty("--board-room", `${Math.floor(room)}px`);
  return Math.floor(room);
}
