// Zoom and pan for a board too big for its screen (a double-40 is 41 x 42 cells): fitted, the whole board shows
// at once but its cells may come out a few pixels wide; zoomed, each cell has a size of the player's choosing and
// the board pans in its frame (scroll bars, the wheel, one finger). Zoom by the buttons (in, out, fit), the + and
// - keys, or a two-finger pinch. A board whose fitted numbers would be too small to read opens zoomed; on a phone,
// one whose fitted cells would be smaller than a fingertip's target (44 px, WCAG 2.5.5).
//
// The frame is the board's container (.board-wrap); the zoomed size is one CSS variable, --zoom-cell, that
// studio.css multiplies by the board's width in cells (board.js sets --board-cells-wide).

import { CELL_UNITS } from "./board.js";

const TOUCH_CELL = 44; // a phone's cell: a fingertip's target (WCAG 2.5.5); a board fitted smaller opens zoomed
const MOUSE_CELL = 34; // zoomed with a mouse: numbers as big as the page's text
const LARGEST_CELL = 96;
const LEGIBLE_CELL = 20; // fitted cells below this open zoomed: their numbers would be under 9 px
const STEP = 1.25; // one press of + or -

// A phone: a touch screen, or a window as narrow as one.
const phone = () => matchMedia("(pointer: coarse), (max-width: 600px)").matches;

export class Zoom {
  // frame: the board's container; svg: the board; controls: {zoom, zoomIn, zoomOut} buttons (any may be missing)
  constructor(frame, svg, controls = {}) {
    this.frame = frame;
    this.svg = svg;
    this.controls = controls;
    this.cell = null; // pixels per cell when zoomed; null: fitted
    this.fitted = 0; // pixels per cell when fitted, measured
    if (controls.zoom) controls.zoom.onclick = () => this.toggle();
    if (controls.zoomIn) controls.zoomIn.onclick = () => this.step(STEP);
    if (controls.zoomOut) controls.zoomOut.onclick = () => this.step(1 / STEP);
    this.pinch = null;
    frame.addEventListener("touchstart", (e) => this.touchStart(e), { passive: true });
    frame.addEventListener("touchmove", (e) => this.touchMove(e), { passive: false });
    frame.addEventListener("touchend", (e) => this.touchEnd(e));
    frame.addEventListener("touchcancel", (e) => this.touchEnd(e));
    addEventListener("resize", () => this.measure());
  }

  get zoomed() {
    return this.cell !== null;
  }

  // The pixels per cell of the board as it would be fitted to its frame (the zoom taken off for a moment).
  measure() {
    const was = this.frame.classList.contains("zoomed");
    if (was) this.frame.classList.remove("zoomed");
    const width = this.svg.getBoundingClientRect().width;
    if (was) this.frame.classList.add("zoomed");
    const units = this.svg.viewBox.baseVal?.width || 0;
    this.fitted = units ? (width * CELL_UNITS) / units : 0;
    this.showControls();
    return this.fitted;
  }

  // A new board: fitted if its numbers can be read (and, on a phone, its cells tapped) so, else zoomed to the
  // comfortable size, at its top left.
  fresh() {
    this.measure();
    const small = this.fitted > 0 && this.fitted < (phone() ? TOUCH_CELL : LEGIBLE_CELL);
    this.set(small ? Math.max(this.comfortable(), this.fitted + 1) : null); // (set() fits what is barely bigger)
    this.frame.scrollTo(0, 0);
  }

  comfortable() {
    return Math.max(phone() ? TOUCH_CELL : MOUSE_CELL, this.fitted);
  }

  toggle() {
    this.set(this.zoomed ? null : this.comfortable());
  }

  step(factor) {
    const now = this.cell ?? this.fitted;
    this.set(now * factor);
  }

  // Zoom to `cell` pixels per cell (null, or no larger than fitted: fit), keeping the board's point under
  // `anchor` (client coordinates; the frame's middle by default) where it was.
  set(cell, anchor = null) {
    const frame = this.frame.getBoundingClientRect();
    const at = anchor ?? { x: frame.left + frame.width / 2, y: frame.top + frame.height / 2 };
    const before = this.svg.getBoundingClientRect();
    const share = {
      x: before.width ? (at.x - before.left) / before.width : 0,
      y: before.height ? (at.y - before.top) / before.height : 0,
    };
    if (cell !== null && (cell <= this.fitted + 0.5 || !this.fitted)) cell = null;
    this.cell = cell === null ? null : Math.min(LARGEST_CELL, cell);
    this.frame.classList.toggle("zoomed", this.zoomed);
    if (this.zoomed) this.frame.style.setProperty("--zoom-cell", `${this.cell}px`);
    if (this.zoomed) {
      const after = this.svg.getBoundingClientRect();
      this.frame.scrollLeft += after.left + share.x * after.width - at.x;
      this.frame.scrollTop += after.top + share.y * after.height - at.y;
    }
    this.showControls();
  }

  showControls() {
    const { zoom, zoomIn, zoomOut, bar } = this.controls;
    const offered = this.zoomed || (this.fitted > 0 && this.fitted < (phone() ? TOUCH_CELL : 30));
    if (bar) bar.hidden = !offered;
    if (zoom) {
      zoom.hidden = !offered;
      zoom.setAttribute("aria-pressed", String(this.zoomed));
      zoom.textContent = this.zoomed ? "⤡ Fit board" : "⤢ Zoom board";
    }
    if (zoomIn) zoomIn.disabled = this.zoomed && this.cell >= LARGEST_CELL;
    if (zoomOut) zoomOut.disabled = !this.zoomed;
  }

  // Bring these cells ([row, column] lists) into the zoomed frame's view (the page itself does not move).
  reveal(cells) {
    if (!this.zoomed || !cells.length) return;
    const rects = cells.map(([r, c]) => this.svg.querySelector(`rect.cell[data-cell="${r},${c}"]`)?.getBoundingClientRect()).filter(Boolean);
    if (!rects.length) return;
    const box = {
      left: Math.min(...rects.map((b) => b.left)), right: Math.max(...rects.map((b) => b.right)),
      top: Math.min(...rects.map((b) => b.top)), bottom: Math.max(...rects.map((b) => b.bottom)),
    };
    const view = this.frame.getBoundingClientRect();
    const inside = box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom;
    if (inside) return;
    this.frame.scrollLeft += (box.left + box.right) / 2 - (view.left + view.width / 2);
    this.frame.scrollTop += (box.top + box.bottom) / 2 - (view.top + view.height / 2);
  }

  // -- pinch --------------------------------------------------------------------------------------------------

  touchStart(event) {
    if (event.touches.length !== 2) return;
    this.pinch = { distance: spread(event.touches), cell: this.cell ?? this.fitted };
  }

  touchMove(event) {
    if (!this.pinch || event.touches.length !== 2) return;
    event.preventDefault(); // the pinch is the board's, not the page's
    const [a, b] = event.touches;
    const middle = { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
    this.set((this.pinch.cell * spread(event.touches)) / this.pinch.distance, middle);
  }

  touchEnd(event) {
    if (event.touches.length < 2) this.pinch = null;
  }
}

function spread([a, b]) {
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1;
}
