package counting

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// The translatable attributes of HTML (README.md, "html"), each counted once: a page repeats
// its text in attributes (a link's title tooltip says what the link says, an image's alt what
// its caption says, og:title what <title> says), and a translator translates it once. An
// attribute is not counted when its text is the same, spaces collapsed and case ignored, as
// the text of its element (for a link, an image's alt inside it is that text too), as the
// visible text right before or right after its element, or as another attribute of the same
// element. The page descriptions in <meta> are not counted when they repeat the page title,
// each other, or a run of visible text.

// The attributes that can be text: alt, title, placeholder and the aria ones on any element
// (alt is only valid on img, area and input anyway), value of a button-like input, label of
// option, optgroup and track, content of the <meta> in htmlMetaText.
const (
	atAlt = 1 << iota
	atTitle
	atPlaceholder
	atAriaLabel
	atAriaDescription
	atAriaPlaceholder
	atAriaRoleDescription
	atValue
	atLabel
	atContent
)

// textAttr is the bit of an attribute that can be text, or 0 (a switch: every attribute of a
// page passes here, and most are none of these).
func textAttr(k []byte) int {
	switch string(k) {
	case "alt":
		return atAlt
	case "title":
		return atTitle
	case "placeholder":
		return atPlaceholder
	case "aria-label":
		return atAriaLabel
	case "aria-description":
		return atAriaDescription
	case "aria-placeholder":
		return atAriaPlaceholder
	case "aria-roledescription":
		return atAriaRoleDescription
	case "value":
		return atValue
	case "label":
		return atLabel
	case "content":
		return atContent
	}
	return 0
}

// htmlMetaText are the <meta name|property> whose content is shown to readers: the search
// result snippet and the preview card of a shared link. Keywords, authors, site names and
// the like are not (they are not sentences anyone reads on the page).
var htmlMetaText = map[string]bool{
	"description": true, "og:title": true, "og:description": true, "og:image:alt": true,
	"twitter:title": true, "twitter:description": true, "twitter:image:alt": true,
}

// htmlVoid are elements without contents or an end tag.
var htmlVoid = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

const (
	maxAttrKey    = 16 << 10       // a longer attribute is counted without comparing
	runKeyLimit   = maxAttrKey     // a longer title is the same as no attribute
	rawRunLimit   = 4 * maxAttrKey // a run of text written longer is the same as no attribute
	maxOpenAttrs  = 256            // elements with attributes open at once, and attributes waiting
	maxMetaTexts  = 32
	attrCapPerTag = 16 // translatable attributes read from one tag
)

// attrOf is an attribute value and its key, copied out of the tokenizer in one allocation.
func (h *htmlText) attrOf(v []byte, alt bool) htmlAttr {
	h.scratch.reset()
	h.scratch.limit = len(v) * utf8.UTFMax
	h.scratch.write(v)
	n := len(h.scratch.b)
	if n == 0 {
		return htmlAttr{}
	}
	both := string(append(h.scratch.b, v...))
	return htmlAttr{key: both[:n], text: both[n:], alt: alt}
}

// attrValue is an attribute that can be text, as the tokenizer has it.
type attrValue struct {
	bit int
	v   []byte
}

// htmlAttr is one translatable attribute value.
type htmlAttr struct {
	text string // as written, entities decoded
	key  string
	alt  bool // an alt: the text of the element around its image
	dup  bool // (meta) the same as a run of visible text
}

// htmlOpen is an element with translatable attributes whose end has not come yet; its text
// is inner.b[start:].
type htmlOpen struct {
	tag   string
	start int
	attrs []htmlAttr
}

// htmlText counts the text of a page and decides about its attributes as the tokens come.
// Visible text is cut into runs at block elements and at elements with translatable
// attributes; only the last run, the current one and the text of the open elements are kept
// (and no more of them than an attribute could equal). Runs are kept as written: most are
// never compared with an attribute, and one that is, is put in comparison form only as far as
// the longest attribute it is compared with.
type htmlText struct {
	c          *counter
	run, prev  rawRun  // the current run, the last run that had text
	runKey     textKey // run in comparison form, while attributes wait for it
	runChecked int     // how much of runKey the waiting attributes were compared with
	cmp        textKey // a run in comparison form, for one comparison
	inner      textKey // the text since the outermost open element's start
	open       []htmlOpen
	live       int            // open[:live] have more text than any of their attributes
	openTags   map[string]int // how many of open[openScan:] have each tag
	waiting    []htmlAttr     // attributes of ended elements, for the next run to decide
	metas      []htmlAttr
	title      textKey // the page <title>
	inTitle    bool
	titleSeen  bool
	kv         []attrValue
	scratch    textKey
	attrs      []htmlAttr
}

func newHTMLText(c *counter) *htmlText {
	return &htmlText{c: c, title: textKey{limit: runKeyLimit}, openTags: map[string]int{}}
}

// text is visible text, before it is counted: an attribute waiting for it that it does not
// repeat is counted first, so that the preview has it where the page has it.
func (h *htmlText) text(b []byte) {
	h.run.write(b)
	if len(h.waiting) > 0 {
		h.runKey.write(b)
		h.decideEarly()
	}
	if len(h.open) > 0 {
		h.inner.write(b)
	}
	if h.inTitle {
		h.title.write(b)
	}
}

// decideEarly counts the waiting attributes the run has stopped repeating. Attributes only
// start waiting when there is no run, and the run only grows, so each byte of the run is
// put in comparison form once, and compared once with each attribute (and only while the
// attribute matches it so far, and no further than the longest).
func (h *htmlText) decideEarly() {
	k := &h.runKey
	n := len(k.b)
	if n == h.runChecked && !k.over {
		return
	}
	keep := h.waiting[:0]
	for _, a := range h.waiting {
		if !k.over && n <= len(a.key) && a.key[h.runChecked:n] == string(k.b[h.runChecked:n]) {
			keep = append(keep, a)
			continue
		}
		h.countAttr(a.text)
	}
	h.waiting, h.runChecked = keep, n
}

// boundary is a block element's start or end: no run, and no word, crosses it.
func (h *htmlText) boundary() {
	h.endRun()
	h.inner.space = true
}

// endRun ends the current run; if it had text, the waiting attributes are decided by it.
func (h *htmlText) endRun() {
	if len(h.run.b) == 0 && !h.run.over {
		return
	}
	if !h.run.hasText() {
		h.run.reset()
		h.runKey.reset()
		return
	}
	for _, a := range h.waiting {
		if !h.runKey.equals(a.key) {
			h.countAttr(a.text)
		}
	}
	h.waiting = h.waiting[:0]
	if h.run.mayEqual(h.metas) {
		k := h.keyOf(&h.run, h.metas)
		for i := range h.metas {
			if k.equals(h.metas[i].key) {
				h.metas[i].dup = true
			}
		}
	}
	h.prev, h.run = h.run, h.prev
	h.run.reset()
	h.runKey.reset()
	h.runKey.limit, h.runChecked = 0, 0
}

// countAttr adds an attribute's text without touching the word in progress around it (a
// title on an inline element inside a word does not split the word).
func (h *htmlText) countAttr(s string) {
	var k counter
	if h.c.pv.full() {
		k.pv.done = true // no preview to make
	}
	k.WriteString(s)
	h.c.words = satAdd(h.c.words, k.words)
	h.c.chars = satAdd(h.c.chars, k.chars)
	if !h.c.pv.full() && k.pv.runes > 0 {
		h.c.pv.space = true
		h.c.pv.addText(k.pv.String())
		h.c.pv.space = true
	}
}

func (h *htmlText) wait(attrs []htmlAttr) {
	if len(h.waiting)+len(attrs) > maxOpenAttrs {
		for _, a := range h.waiting {
			h.countAttr(a.text)
		}
		h.waiting = h.waiting[:0]
	}
	h.waiting = append(h.waiting, attrs...)
	for _, a := range attrs {
		h.runKey.limit = max(h.runKey.limit, len(a.key))
	}
}

// tag reads a start tag's translatable attributes and opens (or, for a void element, ends)
// the element if it has any. Meta descriptions are kept for the end.
func (h *htmlText) tag(z *html.Tokenizer, tag string, hasAttr, selfClosing bool) {
	attrs, meta := h.readAttrs(z, tag, hasAttr)
	if len(attrs) == 0 {
		return
	}
	if meta {
		h.addMeta(attrs[0])
		return
	}
	h.endRun()
	if selfClosing || htmlVoid[tag] {
		// an image's alt is the text of the link or button around it
		for _, a := range attrs {
			if a.alt && len(h.open) > 0 {
				h.inner.space = true
				h.inner.write([]byte(a.text))
				h.inner.space = true
			}
		}
		h.wait(h.notPrev(attrs))
		return
	}
	keep := h.notPrev(attrs)
	if len(h.open) == maxOpenAttrs {
		// a page of elements that never end: the older half is counted as it is
		n := maxOpenAttrs / 2
		for _, e := range h.open[:n] {
			for _, a := range e.attrs {
				h.countAttr(a.text)
			}
		}
		h.open = append(h.open[:0], h.open[n:]...)
		clear(h.open[len(h.open) : len(h.open)+n]) // those slots share their attrs with the moved ones
		h.live = max(0, h.live-n)
		clear(h.openTags)
		for _, e := range h.open[openScan:] {
			h.openTags[e.tag]++
		}
	}
	if len(h.inner.b) >= h.inner.limit {
		// every open element has more text than any of its attributes: none is compared again
		h.live = len(h.open)
		h.inner.reset()
		h.inner.limit = 0
	}
	h.inner.space = true
	start := len(h.inner.b)
	longest := 0
	for _, a := range keep {
		longest = max(longest, len(a.key))
	}
	// +2: a leading space, and one byte more than the longest key tells "longer" from "equal"
	h.inner.limit = max(h.inner.limit, start+longest+2)
	// the attrs of an element closed before in this slot are free to reuse
	var held []htmlAttr
	if len(h.open) < cap(h.open) {
		held = h.open[:len(h.open)+1][len(h.open)].attrs[:0]
	}
	h.open = append(h.open, htmlOpen{tag: tag, start: start, attrs: append(held, keep...)})
	if len(h.open) > openScan {
		h.openTags[tag]++
	}
}

// openScan is how many of the outermost open elements closeTag looks through one by one; the
// tags of those opened inside them are counted in openTags, so that an end tag of an element
// that is not open costs at most that many comparisons and a map look-up.
const openScan = 8

// untag forgets one open element named tag (a map of every tag name ever seen would grow
// with a page of made-up ones).
func (h *htmlText) untag(tag string) {
	if h.openTags[tag] <= 1 {
		delete(h.openTags, tag)
		return
	}
	h.openTags[tag]--
}

// notPrev drops the attributes that repeat the run before their element (in place).
func (h *htmlText) notPrev(attrs []htmlAttr) []htmlAttr {
	if len(h.prev.b) == 0 && !h.prev.over || !h.prev.mayEqual(attrs) {
		return attrs
	}
	prev := h.keyOf(&h.prev, attrs)
	keep := attrs[:0]
	for _, a := range attrs {
		if !prev.equals(a.key) {
			keep = append(keep, a)
		}
	}
	return keep
}

// closeTag ends the nearest open element named tag, and those opened after it. The look
// through open[openScan:] is paid for by the elements it closes.
func (h *htmlText) closeTag(tag string) {
	n := len(h.open)
	from := min(n, openScan) - 1
	if n > openScan && (h.open[n-1].tag == tag || h.openTags[tag] > 0) {
		from = n - 1
	}
	for i := from; i >= 0; i-- {
		if h.open[i].tag == tag {
			for len(h.open) > i {
				h.closeTop()
			}
			return
		}
	}
}

func (h *htmlText) closeTop() {
	i := len(h.open) - 1
	e := &h.open[i]
	h.endRun()
	keep := e.attrs
	if i >= h.live {
		inner := h.inner.b[e.start:]
		if len(inner) > 0 && inner[0] == ' ' {
			inner = inner[1:]
		}
		keep = e.attrs[:0]
		for _, a := range e.attrs {
			if string(inner) != a.key {
				keep = append(keep, a)
			}
		}
	}
	h.wait(keep)
	if i >= openScan {
		h.untag(e.tag)
	}
	h.open = h.open[:i]
	h.live = min(h.live, i)
	if len(h.open) == 0 {
		h.inner.reset()
		h.inner.limit = 0
	}
	h.inner.space = true
}

// startTag ends what a start tag ends without an end tag of its own.
func (h *htmlText) startTag(tag string) {
	switch tag {
	case "a", "button", "option", "p": // none of these can hold another
		h.closeTag(tag)
	case "optgroup":
		h.closeTag("optgroup")
		h.closeTag("option")
	}
}

// endTag ends the element, and what it ends implicitly.
func (h *htmlText) endTag(tag string) {
	switch tag {
	case "select", "datalist":
		h.closeTag("optgroup")
		h.closeTag("option")
	case "optgroup":
		h.closeTag("option")
	}
	h.closeTag(tag)
}

// addMeta keeps a meta description for the end, to be compared with the title, the other
// descriptions and the visible text around it.
func (h *htmlText) addMeta(a htmlAttr) {
	if len(h.metas) == maxMetaTexts {
		h.countAttr(a.text)
		return
	}
	if len(h.prev.b) > 0 || h.prev.over {
		one := []htmlAttr{a}
		a.dup = h.prev.mayEqual(one) && h.keyOf(&h.prev, one).equals(a.key)
	}
	h.metas = append(h.metas, a)
}

// finish ends every open element and decides what is still waiting.
func (h *htmlText) finish() {
	for len(h.open) > 0 {
		h.closeTop()
	}
	h.endRun()
	for _, a := range h.waiting {
		h.countAttr(a.text)
	}
	h.waiting = h.waiting[:0]
	title := ""
	if !h.title.over {
		title = string(h.title.b)
	}
	for i, m := range h.metas {
		if m.dup || m.key == title || seenKey(h.metas[:i], m.key) {
			continue
		}
		h.countAttr(m.text)
	}
}

func seenKey(attrs []htmlAttr, key string) bool {
	for _, a := range attrs {
		if a.key == key {
			return true
		}
	}
	return false
}

// readAttrs returns the translatable attributes of a tag (the first of each name; the same
// text twice once) and whether they are a meta description (then only one).
func (h *htmlText) readAttrs(z *html.Tokenizer, tag string, hasAttr bool) ([]htmlAttr, bool) {
	h.kv = h.kv[:0]
	var typ, metaName []byte
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = z.TagAttr()
		switch string(k) {
		case "type":
			if typ == nil {
				typ = v
			}
		case "name", "property":
			if metaName == nil {
				metaName = v
			}
		}
		if bit := textAttr(k); bit != 0 && len(h.kv) < attrCapPerTag {
			h.kv = append(h.kv, attrValue{bit, v})
		}
	}
	h.attrs = h.attrs[:0]
	seen := 0
	for _, p := range h.kv {
		bit := p.bit
		if seen&bit != 0 {
			continue // a repeated attribute: browsers keep the first
		}
		seen |= bit
		switch {
		case tag == "meta":
			// only the content of a description; a meta's other attributes are never shown
			if bit != atContent || !htmlMetaText[lowerTrim(metaName)] {
				continue
			}
		case bit == atValue:
			if tag != "input" || !isButtonType(typ) {
				continue
			}
		case bit == atLabel:
			if tag != "option" && tag != "optgroup" && tag != "track" {
				continue
			}
		case bit == atContent:
			continue
		}
		if len(p.v) > maxAttrKey {
			h.countAttr(string(p.v)) // no page repeats this much in an attribute: not held to compare
			continue
		}
		a := h.attrOf(p.v, bit == atAlt)
		if a.key == "" || seenKey(h.attrs, a.key) {
			continue
		}
		h.attrs = append(h.attrs, a)
	}
	return h.attrs, tag == "meta"
}

// isButtonType: an <input> whose value is its visible label.
func isButtonType(typ []byte) bool {
	switch lowerTrim(typ) {
	case "button", "submit", "reset":
		return true
	}
	return false
}

// lowerTrim is an attribute keyword in lower case without surrounding spaces.
func lowerTrim(b []byte) string {
	if len(b) > 64 {
		return "" // no keyword is this long
	}
	return strings.ToLower(strings.TrimSpace(string(b)))
}
