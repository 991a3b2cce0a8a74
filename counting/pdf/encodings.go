package pdf

// The encodings of simple fonts (WinAnsi, MacRoman, Standard) and glyph names (the Adobe Glyph
// List names Latin-script documents use, uniXXXX and uXXXX), for Differences arrays.

import (
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
)

// Latin-1 Supplement (U+00A0..U+00FF) and Latin Extended-A (U+0100..U+017F) glyph names, in
// code point order.
const latinGlyphNames = "space exclamdown cent sterling currency yen brokenbar section dieresis copyright " +
	"ordfeminine guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior " +
	"threesuperior acute mu paragraph periodcentered cedilla onesuperior ordmasculine guillemotright " +
	"onequarter onehalf threequarters questiondown Agrave Aacute Acircumflex Atilde Adieresis Aring AE " +
	"Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve " +
	"Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn " +
	"germandbls agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex " +
	"edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis " +
	"divide oslash ugrave uacute ucircumflex udieresis yacute thorn ydieresis " +
	"Amacron amacron Abreve abreve Aogonek aogonek Cacute cacute Ccircumflex ccircumflex Cdotaccent " +
	"cdotaccent Ccaron ccaron Dcaron dcaron Dcroat dcroat Emacron emacron Ebreve ebreve Edotaccent " +
	"edotaccent Eogonek eogonek Ecaron ecaron Gcircumflex gcircumflex Gbreve gbreve Gdotaccent gdotaccent " +
	"Gcommaaccent gcommaaccent Hcircumflex hcircumflex Hbar hbar Itilde itilde Imacron imacron Ibreve " +
	"ibreve Iogonek iogonek Idotaccent dotlessi IJ ij Jcircumflex jcircumflex Kcommaaccent kcommaaccent " +
	"kgreenlandic Lacute lacute Lcommaaccent lcommaaccent Lcaron lcaron Ldot ldot Lslash lslash Nacute " +
	"nacute Ncommaaccent ncommaaccent Ncaron ncaron napostrophe Eng eng Omacron omacron Obreve obreve " +
	"Ohungarumlaut ohungarumlaut OE oe Racute racute Rcommaaccent rcommaaccent Rcaron rcaron Sacute " +
	"sacute Scircumflex scircumflex Scedilla scedilla Scaron scaron Tcommaaccent tcommaaccent Tcaron " +
	"tcaron Tbar tbar Utilde utilde Umacron umacron Ubreve ubreve Uring uring Uhungarumlaut uhungarumlaut " +
	"Uogonek uogonek Wcircumflex wcircumflex Ycircumflex ycircumflex Ydieresis Zacute zacute Zdotaccent " +
	"zdotaccent Zcaron zcaron longs"

// ASCII glyph names from U+0020.
const asciiGlyphNames = "space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft " +
	"parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight " +
	"nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X " +
	"Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q " +
	"r s t u v w x y z braceleft bar braceright asciitilde"

var otherGlyphNames = map[string]rune{
	"quoteleft": '\u2018', "quoteright": '\u2019', "quotedblleft": '\u201c', "quotedblright": '\u201d',
	"quotesinglbase": '\u201a', "quotedblbase": '\u201e', "guilsinglleft": '\u2039', "guilsinglright": '\u203a',
	"endash": '\u2013', "emdash": '\u2014', "bullet": '\u2022', "ellipsis": '\u2026', "dagger": '\u2020',
	"daggerdbl": '\u2021', "perthousand": '\u2030', "trademark": '\u2122', "Euro": '\u20ac', "florin": '\u0192',
	"circumflex": '\u02c6', "tilde": '\u02dc', "breve": '\u02d8', "dotaccent": '\u02d9', "ring": '\u02da',
	"ogonek": '\u02db', "caron": '\u02c7', "hungarumlaut": '\u02dd', "fraction": '\u2044', "minus": '\u2212',
	"fi": '\ufb01', "fl": '\ufb02', "ff": '\ufb00', "ffi": '\ufb03', "ffl": '\ufb04',
	"nbspace": '\u00a0', "sfthyphen": '\u00ad', "periodcentered": '\u00b7', "middot": '\u00b7',
	"Scommaaccent": '\u0218', "scommaaccent": '\u0219', "Tcedilla": '\u0162', "tcedilla": '\u0163',
	"Delta": '\u2206', "Omega": '\u2126', "pi": '\u03c0', "mu": '\u00b5', "lozenge": '\u25ca',
	"notequal": '\u2260', "lessequal": '\u2264', "greaterequal": '\u2265', "infinity": '\u221e',
	"partialdiff": '\u2202', "summation": '\u2211', "product": '\u220f', "integral": '\u222b',
	"radical": '\u221a', "approxequal": '\u2248', "dotlessj": '\u0237', "commaaccent": '\u0326',
	"Gcedilla": '\u0122', "gcedilla": '\u0123', "Kcedilla": '\u0136', "kcedilla": '\u0137',
	"Lcedilla": '\u013b', "lcedilla": '\u013c', "Ncedilla": '\u0145', "ncedilla": '\u0146',
	"Rcedilla": '\u0156', "rcedilla": '\u0157', "Dslash": '\u0110', "dslash": '\u0111',
	"Idot": '\u0130', "afii61289": '\u2113', "estimated": '\u212e', "onethird": '\u2153',
	"twothirds": '\u2154', "arrowleft": '\u2190', "arrowright": '\u2192', "arrowup": '\u2191',
	"arrowdown": '\u2193', "section": '\u00a7', "numero": '\u2116', "afii61352": '\u2116',
}

var (
	glyphNamesOnce sync.Once
	glyphRunes     map[string]rune
	runeGlyphNames map[rune]string
)

func initGlyphNames() {
	glyphNamesOnce.Do(func() {
		glyphRunes = map[string]rune{}
		runeGlyphNames = map[rune]string{}
		for i, n := range strings.Fields(asciiGlyphNames) {
			glyphRunes[n] = rune(0x20 + i)
		}
		for i, n := range strings.Fields(latinGlyphNames) {
			if _, ok := glyphRunes[n]; !ok {
				glyphRunes[n] = rune(0xa0 + i)
			}
		}
		for n, r := range otherGlyphNames {
			if _, ok := glyphRunes[n]; !ok {
				glyphRunes[n] = r
			}
		}
		for n, r := range glyphRunes {
			if old, ok := runeGlyphNames[r]; !ok || n < old {
				runeGlyphNames[r] = n
			}
		}
		runeGlyphNames[0x20] = "space"
		runeGlyphNames[0xad] = "hyphen"
		runeGlyphNames[0xb7] = "periodcentered"
	})
}

// glyphText maps a glyph name to its text (Adobe Glyph List rules, for the names that
// Latin-script documents use, uniXXXX and uXXXX[XX]).
func glyphText(name string) string {
	initGlyphNames()
	if i := strings.IndexByte(name, '.'); i > 0 {
		name = name[:i]
	} else if i == 0 {
		return ""
	}
	if strings.Contains(name, "_") {
		var b strings.Builder
		for _, part := range strings.Split(name, "_") {
			b.WriteString(glyphText(part))
		}
		return b.String()
	}
	if r, ok := glyphRunes[name]; ok {
		if r == 0xad {
			return "-"
		}
		return string(r)
	}
	if strings.HasPrefix(name, "uni") && len(name) >= 7 && (len(name)-3)%4 == 0 {
		var u []uint16
		for i := 3; i < len(name); i += 4 {
			v, err := strconv.ParseUint(name[i:i+4], 16, 16)
			if err != nil {
				return ""
			}
			u = append(u, uint16(v))
		}
		return string(utf16.Decode(u))
	}
	if len(name) >= 5 && len(name) <= 7 && name[0] == 'u' {
		if v, err := strconv.ParseUint(name[1:], 16, 32); err == nil && v <= unicode.MaxRune && !utf16.IsSurrogate(rune(v)) {
			return string(rune(v))
		}
	}
	return ""
}

// Code 0x80..0xFF of WinAnsiEncoding and MacRomanEncoding (PDF 32000 Annex D).
const (
	winAnsiHigh = "\u20ac\u2022\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u2022\u017d\u2022" +
		"\u2022\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u2022\u017e\u0178"
	macRomanHigh = "\u00C4\u00C5\u00C7\u00C9\u00D1\u00D6\u00DC\u00E1\u00E0\u00E2\u00E4\u00E3\u00E5\u00E7\u00E9\u00E8" +
		"\u00EA\u00EB\u00ED\u00EC\u00EE\u00EF\u00F1\u00F3\u00F2\u00F4\u00F6\u00F5\u00FA\u00F9\u00FB\u00FC" +
		"\u2020\u00B0\u00A2\u00A3\u00A7\u2022\u00B6\u00DF\u00AE\u00A9\u2122\u00B4\u00A8\u2260\u00C6\u00D8" +
		"\u221E\u00B1\u2264\u2265\u00A5\u00B5\u2202\u2211\u220F\u03C0\u222B\u00AA\u00BA\u03A9\u00E6\u00F8" +
		"\u00BF\u00A1\u00AC\u221A\u0192\u2248\u2206\u00AB\u00BB\u2026\u00A0\u00C0\u00C3\u00D5\u0152\u0153" +
		"\u2013\u2014\u201C\u201D\u2018\u2019\u00F7\u25CA\u00FF\u0178\u2044\u00A4\u2039\u203A\uFB01\uFB02" +
		"\u2021\u00B7\u201A\u201E\u2030\u00C2\u00CA\u00C1\u00CB\u00C8\u00CD\u00CE\u00CF\u00CC\u00D3\u00D4" +
		"\uFFFD\u00D2\u00DA\u00DB\u00D9\u0131\u02C6\u02DC\u00AF\u02D8\u02D9\u02DA\u00B8\u02DD\u02DB\u02C7"
)

// StandardEncoding above 0x7F: code and glyph name.
var standardHigh = map[byte]string{
	0xa1: "exclamdown", 0xa2: "cent", 0xa3: "sterling", 0xa4: "fraction", 0xa5: "yen", 0xa6: "florin",
	0xa7: "section", 0xa8: "currency", 0xa9: "quotesingle", 0xaa: "quotedblleft", 0xab: "guillemotleft",
	0xac: "guilsinglleft", 0xad: "guilsinglright", 0xae: "fi", 0xaf: "fl", 0xb1: "endash", 0xb2: "dagger",
	0xb3: "daggerdbl", 0xb4: "periodcentered", 0xb6: "paragraph", 0xb7: "bullet", 0xb8: "quotesinglbase",
	0xb9: "quotedblbase", 0xba: "quotedblright", 0xbb: "guillemotright", 0xbc: "ellipsis", 0xbd: "perthousand",
	0xbf: "questiondown", 0xc1: "grave", 0xc2: "acute", 0xc3: "circumflex", 0xc4: "tilde", 0xc5: "macron",
	0xc6: "breve", 0xc7: "dotaccent", 0xc8: "dieresis", 0xca: "ring", 0xcb: "cedilla", 0xcd: "hungarumlaut",
	0xce: "ogonek", 0xcf: "caron", 0xd0: "emdash", 0xe1: "AE", 0xe3: "ordfeminine", 0xe8: "Lslash",
	0xe9: "Oslash", 0xea: "OE", 0xeb: "ordmasculine", 0xf1: "ae", 0xf5: "dotlessi", 0xf8: "lslash",
	0xf9: "oslash", 0xfa: "oe", 0xfb: "germandbls",
}

var (
	encodingsOnce  sync.Once
	encodingTables map[string]*[256]string
)

func encodingTable(name string) *[256]string {
	encodingsOnce.Do(func() {
		var win, mac, std [256]string
		for c := 0x20; c < 0x7f; c++ {
			win[c], mac[c], std[c] = string(rune(c)), string(rune(c)), string(rune(c))
		}
		std[0x27], std[0x60] = "\u2019", "\u2018"
		for i, r := range []rune(winAnsiHigh) {
			win[0x80+i] = string(r)
		}
		for c := 0xa0; c <= 0xff; c++ {
			win[c] = string(rune(c))
		}
		win[0xa0], win[0xad] = " ", "-"
		win[0x7f] = "\u2022"
		for i, r := range []rune(macRomanHigh) {
			if r != '\ufffd' {
				mac[0x80+i] = string(r)
			}
		}
		mac[0xca] = " "
		for c, n := range standardHigh {
			std[c] = glyphText(n)
		}
		encodingTables = map[string]*[256]string{
			"WinAnsiEncoding": &win, "MacRomanEncoding": &mac, "StandardEncoding": &std,
		}
	})
	if t, ok := encodingTables[name]; ok {
		return t
	}
	return encodingTables["WinAnsiEncoding"]
}
