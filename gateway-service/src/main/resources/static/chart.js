// The field's last 7 days as an inline SVG chart, no library: rain and ET0 of its weather station
// as bars (mm, left scale), soil moisture as a line (%, right scale). Dates run left to right in
// every language; a table with the same numbers follows for screen readers.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The 7 dates ending at the newest the station or the sensor knows.
function lastSevenDates(snapshot) {
  const known = [...(snapshot.daily || []).map((d) => d.date), ...((snapshot.weather || {}).days || []).map((d) => d.date)];
  if (!known.length) return [];
  const end = new Date(known.sort().at(-1) + "T00:00:00Z");
  return [...Array(7).keys()].map((i) => new Date(end.getTime() - (6 - i) * 86400000).toISOString().slice(0, 10));
}

// The chart's elements for a snapshot (a figure with the SVG and the legend, and the table).
function week(snapshot) {
  const dates = lastSevenDates(snapshot);
  if (!dates.length) return [Object.assign(document.createElement("p"), { className: "muted", textContent: t("noWeek") })];
  const byDate = (list) => Object.fromEntries((list || []).map((d) => [d.date, d]));
  const station = byDate((snapshot.weather || {}).days);
  const moisture = byDate(snapshot.daily);
  const rows = dates.map((date) => ({
    date, rain: station[date] ? station[date].rain_mm : null, et0: station[date] ? station[date].et0_mm : null,
    moisture: moisture[date] ? moisture[date].soil_moisture : null,
  }));
  const W = 320, H = 170, left = 28, right = 30, top = 10, bottom = 24;
  const plotW = W - left - right, plotH = H - top - bottom, step = plotW / 7;
  const mmMax = Math.max(5, ...rows.map((r) => Math.max(r.rain || 0, r.et0 || 0)));
  const pctMax = Math.max(40, ...rows.map((r) => r.moisture || 0));
  const yMm = (v) => top + plotH - (v / mmMax) * plotH;
  const yPct = (v) => top + plotH - (v / pctMax) * plotH;
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "week-chart-title", id: "week-chart" });
  chart.append(svg("title", { id: "week-chart-title" }, t("weekChart")));
  chart.append(svg("line", { x1: left, y1: top + plotH, x2: W - right, y2: top + plotH, class: "axis" }));
  chart.append(svg("text", { x: left - 4, y: top + 8, class: "scale", "text-anchor": "end" }, String(Math.round(mmMax))));
  chart.append(svg("text", { x: W - right + 4, y: top + 8, class: "scale" }, Math.round(pctMax) + "%"));
  const points = [];
  rows.forEach((r, i) => {
    const x = left + i * step;
    const bar = step / 3;
    if (r.rain !== null) {
      const rect = svg("rect", { x: x + bar * 0.5, y: yMm(r.rain), width: bar, height: top + plotH - yMm(r.rain), class: "rain", "data-date": r.date });
      rect.append(svg("title", {}, `${r.date}: ${t("rain")} ${r.rain}`));
      chart.append(rect);
    }
    if (r.et0 !== null) {
      const rect = svg("rect", { x: x + bar * 1.5, y: yMm(r.et0), width: bar, height: top + plotH - yMm(r.et0), class: "et0", "data-date": r.date });
      rect.append(svg("title", {}, `${r.date}: ${t("et0")} ${r.et0}`));
      chart.append(rect);
    }
    if (r.moisture !== null) points.push([x + step / 2, yPct(r.moisture), r]);
    chart.append(svg("text", { x: x + step / 2, y: H - 8, class: "day", "text-anchor": "middle" }, r.date.slice(5)));
  });
  if (points.length > 1) chart.append(svg("polyline", { points: points.map((p) => p[0] + "," + p[1]).join(" "), class: "moisture" }));
  points.forEach(([x, y, r]) => {
    const dot = svg("circle", { cx: x, cy: y, r: 3, class: "moisture-dot", "data-date": r.date });
    dot.append(svg("title", {}, `${r.date}: ${t("moisture")} ${r.moisture}`));
    chart.append(dot);
  });
  const figure = document.createElement("figure");
  figure.className = "week";
  figure.dir = "ltr";
  const legend = document.createElement("figcaption");
  legend.dir = document.documentElement.dir;
  for (const [cls, key] of [["rain", "rain"], ["et0", "et0"], ["moisture", "moisture"]]) {
    const item = Object.assign(document.createElement("span"), { className: "key " + cls, textContent: t(key) });
    legend.append(item);
  }
  if (snapshot.weather) {
    const w = snapshot.weather;
    legend.append(Object.assign(document.createElement("span"), { className: "muted source",
      textContent: `${t("station")}: ${w.station_name}` + (w.distance_km !== null ? ` (${w.distance_km} ${t("km")})` : "") }));
  }
  figure.append(chart, legend);
  return [figure, table(rows)];
}

// The same numbers as a table, read by screen readers and hidden from sight.
function table(rows) {
  const table = document.createElement("table");
  table.className = "visually-hidden";
  table.id = "week-table";
  const head = table.createTHead().insertRow();
  for (const key of ["", "rain", "et0", "moisture"]) head.append(Object.assign(document.createElement("th"), { textContent: key ? t(key) : "" }));
  const body = table.createTBody();
  for (const r of rows) {
    const row = body.insertRow();
    row.dataset.date = r.date;
    for (const v of [r.date, r.rain, r.et0, r.moisture]) row.insertCell().textContent = v === null ? "–" : String(v);
  }
  return table;
}
