package countingtest

import (
	"fmt"
	"strings"
)

// TwoHourSRT is the subtitles of a two-hour film: a cue about every 3 seconds from 0:00:01 to
// 2:00:00 (2,400 cues), each one or two lines, some in italics or placed at the top ({\an8}).
func TwoHourSRT() (doc []byte, words int) {
	g := NewTextGen(7200)
	var b strings.Builder
	ts := func(ms int) string {
		return fmt.Sprintf("%02d:%02d:%02d,%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
	}
	const cues = 2400
	for i := range cues {
		start := 1000 + i*3000 + g.r.IntN(300)
		end := start + 1200 + g.r.IntN(1400)
		if i == cues-1 {
			end = 7200 * 1000 // the film ends at 2:00:00
		}
		fmt.Fprintf(&b, "%d\r\n%s --> %s\r\n", i+1, ts(start), ts(end))
		var line strings.Builder
		g.Sentence(&line, 2, 8)
		text := line.String()
		switch g.r.IntN(10) {
		case 0:
			text = "<i>" + text + "</i>"
		case 1:
			text = `{\an8}` + text
		}
		b.WriteString(text + "\r\n")
		if g.r.IntN(2) == 0 {
			line.Reset()
			g.Sentence(&line, 2, 7)
			b.WriteString("- " + line.String() + "\r\n")
		}
		b.WriteString("\r\n")
	}
	return []byte(b.String()), g.Words
}
