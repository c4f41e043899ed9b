package report

import (
	"fmt"
	"html"
	"math"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
)

// markup is HTML or SVG text already escaped, written as it is.
type markup string

// verdictOrder is how decisions are stacked and listed.
var verdictOrder = []arbiter.Verdict{arbiter.Allow, arbiter.Defer, arbiter.Ask, arbiter.Deny}

// bucket is a span of time in the timeline with its counts per decision.
type bucket struct {
	start  time.Time
	counts [4]int
}

// timeline groups entries by hour, day or week, whichever gives at most
// about sixty bars.
func timeline(es []Entry) ([]bucket, string) {
	var first, last time.Time
	for _, e := range es {
		if e.Time.IsZero() {
			continue
		}
		if first.IsZero() || e.Time.Before(first) {
			first = e.Time
		}
		if e.Time.After(last) {
			last = e.Time
		}
	}
	if first.IsZero() {
		return nil, ""
	}
	step, unit := time.Hour, "hour"
	switch span := last.Sub(first); {
	case span > 60*24*time.Hour:
		step, unit = 7*24*time.Hour, "week"
	case span > 60*time.Hour:
		step, unit = 24*time.Hour, "day"
	}
	start := first.UTC().Truncate(step)
	n := int(last.UTC().Sub(start)/step) + 1
	bs := make([]bucket, n)
	for i := range bs {
		bs[i].start = start.Add(time.Duration(i) * step)
	}
	for _, e := range es {
		if e.Time.IsZero() {
			continue
		}
		i := int(e.Time.UTC().Sub(start) / step)
		if i >= 0 && i < n && int(e.Decision) < 4 {
			bs[i].counts[e.Decision]++
		}
	}
	return bs, unit
}

const (
	chartW = 800
	chartH = 240
	padL   = 48
	padB   = 28
	padT   = 10
)

// timelineSVG draws stacked bars of decisions per bucket.
func timelineSVG(bs []bucket, unit string) markup {
	if len(bs) == 0 {
		return ""
	}
	peak := 1
	for _, b := range bs {
		peak = max(peak, b.counts[0]+b.counts[1]+b.counts[2]+b.counts[3])
	}
	top := niceCeil(peak)
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg viewBox="0 0 %d %d" role="img" aria-label="decisions per %s">`, chartW, chartH, unit)
	axes(&sb, top)
	plotW := float64(chartW - padL - 8)
	plotH := float64(chartH - padT - padB)
	bw := plotW / float64(len(bs))
	for i, b := range bs {
		x := float64(padL) + float64(i)*bw
		y := float64(chartH - padB)
		total := 0
		for _, v := range verdictOrder {
			c := b.counts[v]
			if c == 0 {
				continue
			}
			total += c
			h := plotH * float64(c) / float64(top)
			y -= h
			fmt.Fprintf(&sb, `<rect class="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f"><title>%s %s: %d %s</title></rect>`,
				v, x+bw*0.1, y, math.Max(bw*0.8, 1), h, label(b.start, unit), v, c, v)
		}
		_ = total
	}
	// A few time labels along the bottom.
	every := max(1, len(bs)/6)
	for i := 0; i < len(bs); i += every {
		x := float64(padL) + (float64(i)+0.5)*bw
		fmt.Fprintf(&sb, `<text class="axis" x="%.1f" y="%d" text-anchor="middle">%s</text>`, x, chartH-8, label(bs[i].start, unit))
	}
	sb.WriteString(`</svg>`)
	return markup(sb.String())
}

func label(t time.Time, unit string) string {
	if unit == "hour" {
		return t.Format("01-02 15h")
	}
	return t.Format("2006-01-02")
}

// axes draws the y axis with four gridlines up to top.
func axes(sb *strings.Builder, top int) {
	plotH := float64(chartH - padT - padB)
	for i := 0; i <= 4; i++ {
		y := float64(chartH-padB) - plotH*float64(i)/4
		fmt.Fprintf(sb, `<line class="grid" x1="%d" x2="%d" y1="%.1f" y2="%.1f"/>`, padL, chartW-8, y, y)
		fmt.Fprintf(sb, `<text class="axis" x="%d" y="%.1f" text-anchor="end">%d</text>`, padL-6, y+4, top*i/4)
	}
}

// niceCeil is the top of an axis of four steps that holds n: each step
// 1, 2 or 5 times a power of ten, so that every gridline is a whole
// number.
func niceCeil(n int) int {
	p := 1
	for {
		for _, m := range []int{1, 2, 5} {
			if 4*m*p >= n {
				return 4 * m * p
			}
		}
		p *= 10
	}
}

// bar is one labelled horizontal bar.
type bar struct {
	Label string
	Value float64
	Text  string
	Class string
}

// barsSVG draws horizontal bars scaled to the largest, in a chart
// width wide with labelW for the labels.
func barsSVG(bars []bar, aria string, width, labelW int) markup {
	if len(bars) == 0 {
		return ""
	}
	const rowH = 26
	h := len(bars)*rowH + 8
	peak := 0.0
	for _, b := range bars {
		peak = math.Max(peak, b.Value)
	}
	if peak == 0 {
		peak = 1
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, `<svg viewBox="0 0 %d %d" role="img" aria-label="%s">`, width, h, html.EscapeString(aria))
	for i, b := range bars {
		y := 4 + i*rowH
		w := float64(width-labelW-100) * b.Value / peak
		fmt.Fprintf(&sb, `<text class="label" x="%d" y="%d" text-anchor="end">%s</text>`, labelW-8, y+17, html.EscapeString(b.Label))
		fmt.Fprintf(&sb, `<rect class="%s" x="%d" y="%d" width="%.1f" height="%d" rx="3"><title>%s: %s</title></rect>`,
			b.Class, labelW, y+3, math.Max(w, 1), rowH-8, html.EscapeString(b.Label), html.EscapeString(b.Text))
		fmt.Fprintf(&sb, `<text class="value" x="%.1f" y="%d">%s</text>`, float64(labelW)+math.Max(w, 1)+6, y+17, html.EscapeString(b.Text))
	}
	sb.WriteString(`</svg>`)
	return markup(sb.String())
}

// latencyBuckets are the decision-time ranges of the latency chart.
var latencyBuckets = []struct {
	upTo  int64 // microseconds, exclusive; 0 = no bound
	label string
}{
	{10, "under 10 µs"}, {100, "10–100 µs"}, {1000, "100 µs–1 ms"}, {10_000, "1–10 ms"},
	{100_000, "10–100 ms"}, {1_000_000, "100 ms–1 s"}, {0, "1 s and over"},
}

func latencyBars(es []Entry) []bar {
	counts := make([]int, len(latencyBuckets))
	for _, e := range es {
		for i, b := range latencyBuckets {
			if b.upTo == 0 || e.Micros < b.upTo {
				counts[i]++
				break
			}
		}
	}
	var bars []bar
	for i, b := range latencyBuckets {
		bars = append(bars, bar{Label: b.label, Value: float64(counts[i]), Text: fmt.Sprintf("%d (%.1f%%)", counts[i], pct(counts[i], len(es))), Class: "neutral"})
	}
	return bars
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}
