/* The contrast of what a drawing of the viewer's board shows against what it is drawn on, as
   the reader's browser paints it (tests/viewer/test_viewer_contrast.py): every shape, line,
   text and glyph of `.kv-board svg` (and of what the viewer draws on it), its colour as
   computed (the page's style included), made opaque over what lies under it, and the svg's
   own filter (the dark theme's) applied to both, as Chromium applies a filter function: on
   sRGB values (Filter Effects 1, brightness and saturate's matrices).  Returns a list of
   {what, fg, bg, ratio, need}: need is 4.5 for small text (under 18.66 px, WCAG's 14 pt
   bold, as a drawing's labels are) and 3 for graphics and large text (WCAG 1.4.11). */
() => {
  const svg = document.querySelector('.kv-board svg');
  const box = svg.getBoundingClientRect();
  const probe = document.createElement('style');  // every painted shape answers hit tests
  probe.textContent = '.kv-board svg * { pointer-events: visiblePainted !important; }';
  document.head.appendChild(probe);

  const parse = (value) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(value || '');
    return m ? [+m[1], +m[2], +m[3], m[4] === undefined ? 1 : +m[4]] : null;
  };
  const over = (top, alpha, under) => top.map((c, i) => c * alpha + under[i] * (1 - alpha));
  const filters = [...getComputedStyle(svg).filter.matchAll(/(brightness|saturate)\(([\d.]+)\)/g)];
  const filtered = (rgb) => filters.reduce((c, [, name, amount]) => {
    const s = +amount;
    if (name === 'brightness') return c.map((v) => v * s);
    const [r, g, b] = c;
    return [(0.213 + 0.787 * s) * r + (0.715 - 0.715 * s) * g + (0.072 - 0.072 * s) * b,
            (0.213 - 0.213 * s) * r + (0.715 + 0.285 * s) * g + (0.072 - 0.072 * s) * b,
            (0.213 - 0.213 * s) * r + (0.715 - 0.715 * s) * g + (0.072 + 0.928 * s) * b];
  }, rgb).map((v) => Math.min(255, Math.max(0, v)));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e && e !== svg.parentElement; e = e.parentElement) o *= +getComputedStyle(e).opacity;
    return o;
  };
  // the colour an element paints at a point of the screen (fill or stroke), with its alpha
  const paintAt = (el, x, y) => {
    const style = getComputedStyle(el);
    if (el === svg || !(el instanceof SVGElement))
      return parse(style.backgroundColor);
    let which = 'fill';
    if (el instanceof SVGGeometryElement) {
      const at = new DOMPoint(x, y).matrixTransform(el.getScreenCTM().inverse());
      if (style.stroke !== 'none' && el.isPointInStroke(at)) which = 'stroke';
      else if (style.fill === 'none' || !el.isPointInFill(at)) return null;
    }
    const colour = parse(style[which]);
    if (!colour) return null;
    const alpha = colour[3] * +style[which + 'Opacity'] * opacity(el);
    return alpha > 0 ? [colour[0], colour[1], colour[2], alpha] : null;
  };
  // what an element is drawn on at a point (on it or beside it): the painted elements under
  // it there, in the order they are painted, made opaque
  const under = (el, x, y, own) => {
    let stack = document.elementsFromPoint(x, y);
    const at = stack.findIndex((e) => e === el || el.contains(e));
    if (at >= 0) stack = stack.slice(at);
    else stack = stack.filter((e) => !(el.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING)
                              || e.contains(el));  // what is drawn over it is not its ground
    stack = stack.filter((e) => e !== el && !el.contains(e)
                         && !(e.contains(el) && e !== svg && !(e instanceof HTMLElement)));
    const paints = [];
    for (const e of stack) {
      const paint = paintAt(e, x, y);
      if (paint && e.parentElement === el.parentElement
          && own.some((c) => c && c.slice(0, 3).join() === paint.slice(0, 3).join())) continue;
      if (paint) paints.push(paint);
      if (paint && paint[3] >= 1) break;
    }
    let colour = [255, 255, 255];
    for (const p of paints.reverse()) colour = over(p.slice(0, 3), p[3], colour);
    return colour;
  };
  // points beside a shape's edge, just outside its stroke: along its outline, offset along
  // the normal (a closed shape's outer side, both sides of an open one), off the axes
  const beside = (el, style) => {
    const length = el.getTotalLength();
    const ctm = el.getScreenCTM();
    const scale = Math.hypot(ctm.a, ctm.b);
    const reach = (style.stroke !== 'none' ? parseFloat(style.strokeWidth) * scale / 2 : 0) + 2;
    const closed = !['line', 'polyline'].includes(el.tagName)
      && !(el.tagName === 'path' && !/z\s*$/i.test(el.getAttribute('d') || ''));
    const r = el.getBoundingClientRect();
    const [cx, cy] = [r.x + r.width / 2, r.y + r.height / 2];
    const point = (f) => el.getPointAtLength(Math.max(0, Math.min(length, length * f))).matrixTransform(ctm);
    const out = [];
    for (let k = 0; k < 8; k++) {
      const f = (k + 0.5) / 8;
      const p = point(f), a = point(f - 0.01), b = point(f + 0.01);
      let [nx, ny] = [-(b.y - a.y), b.x - a.x];
      const norm = Math.hypot(nx, ny) || 1;
      [nx, ny] = [nx / norm * reach, ny / norm * reach];
      const sides = [[p.x + nx, p.y + ny], [p.x - nx, p.y - ny]];
      if (closed) out.push(sides.sort((u, v) => Math.hypot(v[0] - cx, v[1] - cy) - Math.hypot(u[0] - cx, u[1] - cy))[0]);
      else out.push(...sides);
    }
    return out;
  };
  // whether a shape shows anywhere: on top, at its centre or at a point of its outline (a
  // star point under a stone does not)
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    const length = el.getTotalLength();
    const ctm = el.getScreenCTM();
    const points = [[r.x + r.width / 2, r.y + r.height / 2], ...[0.1, 0.3, 0.5, 0.7, 0.9].map((f) => {
      const p = el.getPointAtLength(length * f).matrixTransform(ctm);
      return [p.x, p.y];
    })];
    return points.some(([x, y]) => {
      const top = document.elementsFromPoint(x, y).find((e) => paintAt(e, x, y));
      return top && (top === el || el.contains(top));
    });
  };
  const named = (el) => {
    const group = el.closest('[class]');
    const text = el.getAttribute('data-text') || (el.tagName === 'text' ? el.textContent : '')
      || (el.tagName === 'circle' ? `at ${el.getAttribute('cx')},${el.getAttribute('cy')}` : '');
    return `${el.tagName}${group && svg.contains(group) ? '.' + (group.getAttribute('class') || '').split(' ').join('.') : ''}${text ? ` "${text}"` : ''}`;
  };
  const mode = (values) => {
    const counts = new Map();
    for (const v of values) {
      const key = v.map(Math.round).join(',');
      counts.set(key, [(counts.get(key) || [0])[0] + 1, v]);
    }
    return [...counts.values()].sort((a, b) => b[0] - a[0])[0][1];
  };

  const found = [];
  const area = box.width * box.height;
  for (const el of svg.querySelectorAll('text, use, circle, ellipse, rect, line, path, polygon, polyline')) {
    if (el.closest('defs, clipPath, mask, pattern, symbol, marker, title')) continue;
    const rect = el.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    if (getComputedStyle(el).visibility !== 'visible' || opacity(el) === 0) continue;
    if (rect.width * rect.height >= 0.4 * area) continue;  // a board: what the rest is drawn on
    const style = getComputedStyle(el);
    const texty = el.tagName === 'text' || el.hasAttribute('data-text');
    let points;
    const paints = [];
    if (texty || !(el instanceof SVGGeometryElement)) {
      points = [[rect.x + rect.width / 2, rect.y + rect.height / 2]];
      paints.push('fill');
    } else {
      if (!shown(el)) continue;
      points = beside(el, style);
      const ctm = el.getScreenCTM();
      const width = parseFloat(style.strokeWidth) * Math.hypot(ctm.a, ctm.b);
      if (style.stroke !== 'none' && width > 0) paints.push('stroke');
      if (style.fill !== 'none') paints.push('fill');
    }
    const inside = points.filter(([x, y]) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom);
    if (!inside.length || !paints.length) continue;
    // a sibling of the same colour beside it continues the same mark (a double outline, a
    // group of stones), not its ground
    const own = paints.map((which) => parse(style[which]));
    const bg = mode(inside.map(([x, y]) => under(el, x, y, own)));
    let best = null;
    for (const which of paints) {
      const colour = parse(style[which]);
      if (!colour) continue;
      const alpha = colour[3] * +style[which + 'Opacity'] * opacity(el);
      const fg = filtered(over(colour.slice(0, 3), alpha, bg));
      const r = ratio(fg, filtered(bg));
      if (!best || r > best.ratio) best = { fg: fg.map(Math.round), ratio: r };
    }
    if (!best) continue;
    // a patch of the ground's own colour (under a label, hiding the lines) shows nothing
    if (!texty && paints.length === 1 && paints[0] === 'fill' && best.ratio < 1.01) continue;
    const size = texty ? rect.height : 0;
    const need = texty && size < 18.66 ? 4.5 : 3;
    found.push({ what: named(el), fg: best.fg, bg: filtered(bg).map(Math.round),
                 ratio: Math.round(best.ratio * 100) / 100, need, size: Math.round(size * 10) / 10 });
  }
  probe.remove();
  return found;
}
