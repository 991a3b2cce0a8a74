package counting

import (
	"html"
	"strings"
	"time"
)

// Subtitles (srt, vtt): only the cue text is counted, without indices, timings, cue settings,
// tags (<i>, <c.x>, <v Name>, {\an8}) and, in WebVTT, without the header and the NOTE, STYLE
// and REGION blocks. The runtime is the end of the last cue.

// maxSubtitleHours bounds a timestamp's hours so a duration never overflows.
const maxSubtitleHours = 99999

func countSubtitles(src Source, vtt bool) (*counter, time.Duration, error) {
	text, err := readText(src, nil)
	if err != nil {
		return nil, 0, err
	}
	c, d := subtitleText(text, vtt)
	return c, d, nil
}

func subtitleText(text string, vtt bool) (*counter, time.Duration) {
	c := &counter{}
	var runtime time.Duration
	sawCue := false
	var block []string
	flush := func() {
		defer func() { block = block[:0] }()
		if len(block) == 0 {
			return
		}
		timing := -1
		for i := 0; i < len(block) && i < 2; i++ {
			if _, end, ok := parseTiming(block[i]); ok {
				timing = i
				runtime = max(runtime, end)
				break
			}
		}
		lines := block[timing+1:]
		if timing < 0 {
			// WebVTT: header, NOTE, STYLE, REGION. SRT: a cue's text that went on after a
			// blank line, unless it is a lone index.
			if vtt || !sawCue || (len(block) == 1 && isDigits(block[0])) {
				return
			}
		} else {
			sawCue = true
		}
		for _, l := range lines {
			c.brk()
			c.WriteString(cueText(l))
		}
		c.brk()
	}
	for len(text) > 0 {
		line := text
		if i := strings.IndexAny(text, "\r\n"); i >= 0 {
			line = text[:i]
			if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			text = text[i+1:]
		} else {
			text = ""
		}
		if strings.TrimSpace(line) == "" {
			flush()
			continue
		}
		block = append(block, line)
	}
	flush()
	return c, runtime
}

func isDigits(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseTiming reads "00:01:02,500 --> 00:01:04,000 [settings]".
func parseTiming(line string) (start, end time.Duration, ok bool) {
	i := strings.Index(line, "-->")
	if i < 0 {
		return 0, 0, false
	}
	start, ok1 := parseTimestamp(strings.TrimSpace(line[:i]))
	rest := strings.Fields(line[i+3:])
	if !ok1 || len(rest) == 0 {
		return 0, 0, false
	}
	end, ok2 := parseTimestamp(rest[0])
	return start, end, ok2
}

// parseTimestamp reads [hh:]mm:ss[,.]fff (hours of any width up to maxSubtitleHours).
func parseTimestamp(s string) (time.Duration, bool) {
	parts := strings.Split(s, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	sec, frac := parts[len(parts)-1], ""
	if i := strings.IndexAny(sec, ",."); i >= 0 {
		sec, frac = sec[:i], sec[i+1:]
		if frac == "" || len(frac) > 9 || !isDigits(frac) {
			return 0, false
		}
	}
	h := 0
	if len(parts) == 3 {
		var ok bool
		if h, ok = smallNumber(parts[0], maxSubtitleHours); !ok {
			return 0, false
		}
	}
	m, ok1 := smallNumber(parts[len(parts)-2], 59)
	s2, ok2 := smallNumber(sec, 59)
	if !ok1 || !ok2 {
		return 0, false
	}
	d := time.Duration(h)*time.Hour + time.Duration(m)*time.Minute + time.Duration(s2)*time.Second
	if frac != "" {
		ns := 0
		for i := 0; i < 9; i++ {
			ns *= 10
			if i < len(frac) {
				ns += int(frac[i] - '0')
			}
		}
		d += time.Duration(ns)
	}
	return d, true
}

func smallNumber(s string, limit int) (int, bool) {
	if s == "" || len(s) > 6 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= limit
}

// cueText removes markup from one line of cue text: <tags>, {\ass overrides} and entities.
func cueText(l string) string {
	if !strings.ContainsAny(l, "<{&") {
		return l
	}
	var b strings.Builder
	for i := 0; i < len(l); {
		switch l[i] {
		case '<':
			if j := strings.IndexByte(l[i:], '>'); j > 0 {
				// a styling tag between two halves of a word (<i>Hel</i>lo) does not split it
				if !inlineTag(l[i : i+j+1]) {
					b.WriteByte(' ')
				}
				i += j + 1
				continue
			}
			b.WriteString(l[i:])
			i = len(l)
		case '{':
			if i+1 < len(l) && l[i+1] == '\\' {
				if j := strings.IndexByte(l[i:], '}'); j > 0 {
					i += j + 1
					continue
				}
			}
			b.WriteByte('{')
			i++
		default:
			j := strings.IndexAny(l[i:], "<{")
			if j < 0 {
				j = len(l) - i
			}
			b.WriteString(l[i : i+j])
			i += j
		}
	}
	return html.UnescapeString(b.String())
}

// inlineTag reports tags that style text without separating it.
func inlineTag(t string) bool {
	name := strings.TrimLeft(strings.TrimPrefix(t, "<"), "/")
	for i := 0; i < len(name); i++ {
		if c := name[i]; c == ' ' || c == '.' || c == '>' || c == '\t' {
			name = name[:i]
			break
		}
	}
	switch strings.ToLower(name) {
	case "i", "b", "u", "c", "font", "lang", "ruby", "s", "span":
		return true
	}
	return false
}
