package counting

import (
	"bytes"
	"compress/lzw"
	"compress/zlib"
	"crypto/aes"
	"crypto/cipher"
	"crypto/md5"
	"crypto/rc4"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
)

// ---- A small PDF writer for the fixtures ----

// pdftDoc writes objects 1..n (object 1 is the catalog) with a cross-reference table.
type pdftDoc struct {
	objs    []string
	trailer string // extra trailer entries
	header  string
}

func (p *pdftDoc) add(body string) int {
	p.objs = append(p.objs, body)
	return len(p.objs)
}

func (p *pdftDoc) set(num int, body string) {
	for len(p.objs) < num {
		p.objs = append(p.objs, "null")
	}
	p.objs[num-1] = body
}

func (p *pdftDoc) bytes() []byte {
	var b bytes.Buffer
	if p.header == "" {
		p.header = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
	}
	b.WriteString(p.header)
	offs := make([]int, len(p.objs))
	for i, o := range p.objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(p.objs)+1)
	for _, off := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R %s >>\nstartxref\n%d\n%%%%EOF\n", len(p.objs)+1, p.trailer, xref)
	return b.Bytes()
}

func pdftStream(dict string, data []byte) string {
	return fmt.Sprintf("<< %s /Length %d >>\nstream\n%s\nendstream", dict, len(data), data)
}

func pdftDeflate(data []byte) []byte {
	var b bytes.Buffer
	w := zlib.NewWriter(&b)
	w.Write(data)
	w.Close()
	return b.Bytes()
}

func pdftFlate(dict string, data []byte) string {
	return pdftStream(dict+" /Filter /FlateDecode", pdftDeflate(data))
}

// pdftPages makes the catalog (1), the page tree (2) and one page per content stream, all
// with the given resources.
func pdftPages(resources string, contents ...string) *pdftDoc {
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("")
	var kids []string
	for _, c := range contents {
		page := p.add("")
		cs := p.add(c)
		p.set(page, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources %s /Contents %d 0 R >>", resources, cs))
		kids = append(kids, fmt.Sprintf("%d 0 R", page))
	}
	p.set(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 595 842] >>", strings.Join(kids, " "), len(kids)))
	return p
}

func pdftCount(t *testing.T, b []byte) Counts {
	t.Helper()
	c, err := countPDF(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("countPDF: %v", err)
	}
	if c.Format != PDF {
		t.Errorf("format %q", c.Format)
	}
	return c
}

func pdftExpect(t *testing.T, c Counts, words, chars int) {
	t.Helper()
	if c.ManualCount || c.Words != words || c.Characters != chars {
		t.Errorf("got %d words, %d characters (manual %v), want %d and %d; preview %q", c.Words, c.Characters, c.ManualCount, words, chars, c.Preview)
	}
}

const pdftHelvetica = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"

// Turkish letters outside WinAnsi through Differences: 128 ğ, 129 ş, 130 ı, 131 İ, 132 Ğ, 133 Ş.
const pdftTurkishTimes = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding << /Type /Encoding " +
	"/BaseEncoding /WinAnsiEncoding /Differences [128 /gbreve /scedilla /dotlessi /Idotaccent /Gbreve /Scedilla] >> >>"

// pdftBasic is two pages: positioning cases in Helvetica (no Widths: the standard metrics),
// uncompressed; Turkish in a WinAnsi font with Differences, FlateDecode.
func pdftBasic() []byte {
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 /MediaBox [0 0 595 842] >>")
	p.add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 4 0 R /F2 8 0 R >> >> /Contents 5 0 R >>")
	p.add(pdftHelvetica)
	p.add(pdftStream("", []byte(`BT
/F1 12 Tf
72 770 Td
(Hello world, this is a test.) Tj
0 -20 Td
[(Ke) 20 (rn) -15 (ing) -1000 (spaced) -300 (apart)] TJ
0 -20 Td
(one) Tj
100 0 Td
(two) Tj
ET
BT
/F1 12 Tf
72 690 Td
(glu) Tj
16.008 0 Td
(ed) Tj
ET
BT
/F1 12 Tf
14 TL
72 660 Td
(line) Tj
T*
(next) Tj
(word) '
ET`)))
	p.add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F2 8 0 R >> >> /Contents 7 0 R >>")
	p.add(pdftFlate("", []byte("BT /F2 11 Tf 72 770 Td (\xc7a\x80da\x81 \x83stanbul'da \\202l\\202k G\xfcne\x81li) Tj ET")))
	p.add(pdftTurkishTimes)
	return p.bytes()
}

func TestPDFBasic(t *testing.T) {
	c := pdftCount(t, pdftBasic())
	// Hello world, this is a test. | Kerning spaced apart | one two | glued | line next word
	// Çağdaş İstanbul'da ılık Güneşli
	pdftExpect(t, c, 19, 92)
	want := "Hello world, this is a test. Kerning spaced apart one two glued line next word Çağdaş İstanbul'da ılık Güneşli"
	if c.Preview != want {
		t.Errorf("preview\n got %q\nwant %q", c.Preview, want)
	}
	if c.Pages != 1 {
		t.Errorf("pages %d", c.Pages)
	}
}

// pdftHex writes s in the codes of the Type0 test font: a..z are 0x10.., and a few others.
func pdftHex(s string) string {
	var b strings.Builder
	b.WriteByte('<')
	for _, r := range s {
		var c int
		switch {
		case r >= 'a' && r <= 'z':
			c = 0x10 + int(r-'a')
		case r == 'İ':
			c = 1
		case r == 'ş':
			c = 2
		case r == ' ':
			c = 3
		case r == 'ğ':
			c = 4
		case r == 'ı':
			c = 5
		case r == '\u00ad':
			c = 6
		case r == 'ﬁ':
			c = 0x30
		case r == 'A':
			c = 0x31
		default:
			panic(string(r))
		}
		fmt.Fprintf(&b, "%04X", c)
	}
	b.WriteByte('>')
	return b.String()
}

const pdftToUnicode = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
6 beginbfchar
<0001> <0130>
<0002> <015F>
<0003> <0020>
<0004> <011F>
<0005> <0131>
<0006> <00AD>
endbfchar
2 beginbfrange
<0010> <0029> <0061>
<0030> <0031> [<00660069> <D835DC00>]
endbfrange
endcmap
CMapName currentdict /CMap defineresource pop
end
end`

// pdftType0 adds a Type0 Identity-H font with a ToUnicode CMap (as Word and LibreOffice
// write them) and returns its object number.
func pdftType0(p *pdftDoc, toUnicode bool) int {
	desc := p.add("<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+LiberationSerif " +
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /DW 500 /W [1 [600 500 300] 4 10 450] >>")
	tu := ""
	if toUnicode {
		tu = fmt.Sprintf("/ToUnicode %d 0 R", p.add(pdftFlate("", []byte(pdftToUnicode))))
	}
	return p.add(fmt.Sprintf("<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+LiberationSerif /Encoding /Identity-H /DescendantFonts [%d 0 R] %s >>", desc, tu))
}

// pdftFontPage is a one-page document whose font F1 is added by font.
func pdftFontPage(content string, font func(p *pdftDoc) int) []byte {
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>")
	p.add("")
	f := font(p)
	cs := p.add(pdftFlate("", []byte(content)))
	p.set(3, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>", f, cs))
	return p.bytes()
}

func TestPDFType0ToUnicode(t *testing.T) {
	content := fmt.Sprintf(`BT /F1 10 Tf 50 700 Td
[%s %s %s -400 %s -30 %s %s %s] TJ
0 -14 Td %s Tj
0 -14 Td %s Tj 0 -14 Td %s Tj
ET`, pdftHex("İstanbul"), pdftHex(" "), pdftHex("dağ"), pdftHex("baş"), pdftHex("arılı"), pdftHex(" "), pdftHex("ﬁle"),
		pdftHex("A"), pdftHex("trans\u00ad"), pdftHex("lation"))
	c := pdftCount(t, pdftFontPage(content, func(p *pdftDoc) int { return pdftType0(p, true) }))
	// İstanbul dağ başarılı file 𝐀 translation (a soft hyphen at the end of a line joins)
	pdftExpect(t, c, 6, 35)
	if want := "İstanbul dağ başarılı file 𝐀 translation"; c.Preview != want {
		t.Errorf("preview %q, want %q", c.Preview, want)
	}
}

func TestPDFUndecodableFontIsManual(t *testing.T) {
	content := "BT /F1 12 Tf 10 10 Td " + pdftHex("merhaba dostlar") + " Tj ET"
	c := pdftCount(t, pdftFontPage(content, func(p *pdftDoc) int { return pdftType0(p, false) }))
	if c != (Counts{Format: PDF, ManualCount: true}) {
		t.Errorf("got %+v, want a manual count", c)
	}
}

func pdftImagePage(text string) []byte {
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>")
	p.add("<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>")
	content := "q 595 0 0 842 0 0 cm /Im1 Do Q"
	if text != "" {
		content += " BT /F1 8 Tf 20 20 Td (" + text + ") Tj ET"
	}
	p.add(pdftStream("", []byte(content)))
	p.add(pdftStream("/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8", []byte{0, 255, 255, 0}))
	p.add(pdftHelvetica)
	return p.bytes()
}

func TestPDFScannedIsManual(t *testing.T) {
	for _, text := range []string{"", "Scanned with CamScanner"} {
		c, err := countPDF(bytes.NewReader(pdftImagePage(text)))
		if err != nil {
			t.Fatal(err)
		}
		if c != (Counts{Format: PDF, ManualCount: true}) {
			t.Errorf("%q: got %+v, want only ManualCount", text, c)
		}
	}
}

func TestPDFMalformed(t *testing.T) {
	basic := pdftBasic()
	cases := map[string][]byte{
		"empty":            nil,
		"not a pdf":        []byte("hello"),
		"truncated":        basic[:len(basic)/2],
		"truncated header": basic[:20],
		"no catalog":       []byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
		"no pages":         (&pdftDoc{objs: []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"}}).bytes(),
	}
	for name, b := range cases {
		c, err := countPDF(bytes.NewReader(b))
		if !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: got %+v, %v; want ErrMalformed", name, c, err)
		}
	}
}

// pdftBombStream is a zlib stream of n MiB of zeros, built from one sync-flushed chunk
// repeated (so that making it is fast).
func pdftBombStream(mib int) []byte {
	var chunk bytes.Buffer
	w, _ := zlib.NewWriterLevel(&chunk, zlib.BestCompression)
	w.Write(make([]byte, 1<<20))
	w.Flush()
	c := chunk.Bytes()[2:] // without the zlib header
	out := []byte{0x78, 0xda}
	for range mib {
		out = append(out, c...)
	}
	return append(out, 0x03, 0x00, 0, 0, 0, 0) // final empty block, (wrong) checksum
}

func TestPDFBomb(t *testing.T) {
	oneGiB := pdftBombStream(1024)
	double := pdftDeflate(pdftBombStream(2048)) // two layers: 2 GiB from a few kilobytes
	for name, s := range map[string]string{
		"1 GiB":               pdftStream("/Filter /FlateDecode", oneGiB),
		"2 GiB in two layers": pdftStream("/Filter [/FlateDecode /FlateDecode]", double),
	} {
		p := pdftPages("<< >>", s)
		b := p.bytes()
		start := time.Now()
		_, err := countPDF(bytes.NewReader(b))
		if !errors.Is(err, ErrZipBomb) {
			t.Errorf("%s (%d bytes): %v, want ErrZipBomb", name, len(b), err)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: refused after %v", name, d)
		}
	}
	// A stream under the ratio drawn many times still stops at the total.
	var content bytes.Buffer
	rnd := rand.New(rand.NewPCG(1, 2))
	for content.Len() < 1<<20 {
		fmt.Fprintf(&content, "%d.%d %d m\n", rnd.IntN(1000), rnd.IntN(100), rnd.IntN(1000))
	}
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("<< /Type /Pages /Kids [4 0 R] >>")
	p.add(pdftFlate("", content.Bytes()))
	p.add("<< /Type /Page /Parent 2 0 R /Contents [" + strings.Repeat("3 0 R ", 250) + "] >>")
	_, err := countPDF(bytes.NewReader(p.bytes()))
	if !errors.Is(err, ErrZipBomb) {
		t.Errorf("one stream drawn 250 times: %v, want ErrZipBomb", err)
	}
}

// pdftXrefStreamDoc writes the basic document the way PDF 1.5 writers do: the dictionaries in
// an object stream, a cross-reference stream with the PNG Up predictor.
func pdftXrefStreamDoc() []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		pdftHelvetica,
	}
	var head, body bytes.Buffer
	for i, o := range objs {
		fmt.Fprintf(&head, "%d %d ", i+1, body.Len())
		body.WriteString(o + "\n")
	}
	stm := append(head.Bytes(), body.Bytes()...)
	var b bytes.Buffer
	b.WriteString("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n")
	off5 := b.Len()
	fmt.Fprintf(&b, "5 0 obj\n%s\nendobj\n", pdftFlate("", []byte("BT /F1 12 Tf 72 700 Td (Object streams work) Tj ET")))
	off6 := b.Len()
	fmt.Fprintf(&b, "6 0 obj\n%s\nendobj\n", pdftFlate(fmt.Sprintf("/Type /ObjStm /N 4 /First %d", head.Len()), stm))
	off7 := b.Len()
	// Rows: type (1 byte), field 2 (4 bytes), field 3 (2 bytes); PNG Up predictor.
	rows := [][]byte{}
	row := func(typ byte, f2 uint32, f3 uint16) {
		r := []byte{typ, 0, 0, 0, 0, 0, 0}
		binary.BigEndian.PutUint32(r[1:], f2)
		binary.BigEndian.PutUint16(r[5:], f3)
		rows = append(rows, r)
	}
	row(0, 0, 65535)
	for i := range 4 {
		row(2, 6, uint16(i))
	}
	row(1, uint32(off5), 0)
	row(1, uint32(off6), 0)
	row(1, uint32(off7), 0)
	var pred []byte
	prev := make([]byte, 7)
	for _, r := range rows {
		pred = append(pred, 2)
		for i := range r {
			pred = append(pred, r[i]-prev[i])
		}
		prev = r
	}
	fmt.Fprintf(&b, "7 0 obj\n%s\nendobj\n", pdftFlate("/Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /DecodeParms << /Predictor 12 /Columns 7 >>", pred))
	fmt.Fprintf(&b, "startxref\n%d\n%%%%EOF\n", off7)
	return b.Bytes()
}

func TestPDFObjectAndXrefStreams(t *testing.T) {
	b := pdftXrefStreamDoc()
	pdftExpect(t, pdftCount(t, b), 3, 17)
	// The same file with its cross-reference stream unreadable is read by scanning.
	broken := bytes.Replace(b, []byte("/Type /XRef"), []byte("/Type /XXef"), 1)
	pdftExpect(t, pdftCount(t, broken), 3, 17)
}

func TestPDFRepair(t *testing.T) {
	basic := pdftBasic()
	i := bytes.LastIndex(basic, []byte("startxref"))
	cases := map[string][]byte{
		"junk before the header": append([]byte("garbage from a mail program\r\n"), basic...),
		"wrong startxref":        append(append([]byte(nil), basic[:i]...), "startxref\n12345\n%%EOF\n"...),
		"no xref table":          append(bytes.Replace(basic[:i], []byte("xref\n0 9"), []byte("xxxx\n0 9"), 1), "startxref\n0\n%%EOF\n"...),
		"offsets shifted":        bytes.Replace(basic, []byte("%PDF-1.4\n"), []byte("%PDF-1.4\n%% a comment that moves every object\n"), 1),
		"trailing zeros":         append(append([]byte(nil), basic...), make([]byte, 3000)...),
	}
	for name, b := range cases {
		c, err := countPDF(bytes.NewReader(b))
		if err != nil || c.Words != 19 || c.Characters != 92 {
			t.Errorf("%s: %+v, %v", name, c, err)
		}
	}
}

// ---- Encryption ----

func pdftObjKey(key []byte, num int, aes bool) []byte {
	k := append(append([]byte(nil), key...), byte(num), byte(num>>8), byte(num>>16), 0, 0)
	if aes {
		k = append(k, "sAlT"...)
	}
	s := md5.Sum(k)
	return s[:min(len(key)+5, 16)]
}

func pdftAESEncrypt(key, data []byte) []byte {
	block, _ := aes.NewCipher(key)
	pad := 16 - len(data)%16
	data = append(append([]byte(nil), data...), bytes.Repeat([]byte{byte(pad)}, pad)...)
	iv := []byte("0123456789abcdef")
	out := make([]byte, len(data))
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, data)
	return append(append([]byte(nil), iv...), out...)
}

// pdftEncrypted is a one-page document encrypted for an empty user password.
func pdftEncrypted(t testing.TB, method string, wrongPassword bool) []byte {
	id := []byte("0123456789ABCDEF")
	o := bytes.Repeat([]byte{0x5a}, 32)
	p := int32(-3904)
	content := []byte("BT /F1 12 Tf 72 700 Td (Gizli belge \\(encrypted\\)) Tj ET")
	var key []byte
	var encrypt string
	switch method {
	case "RC4", "AESV2":
		h := md5.New()
		h.Write(pdfPasswordPad)
		h.Write(o)
		binary.Write(h, binary.LittleEndian, p)
		h.Write(id)
		sum := h.Sum(nil)
		for range 50 {
			s := md5.Sum(sum[:16])
			sum = s[:]
		}
		key = sum[:16]
		x := md5.Sum(append(append([]byte(nil), pdfPasswordPad...), id...))
		u := x[:]
		for i := 0; i <= 19; i++ {
			k := make([]byte, 16)
			for j := range k {
				k[j] = key[j] ^ byte(i)
			}
			c, _ := rc4.NewCipher(k)
			c.XORKeyStream(u, u)
		}
		u = append(u, make([]byte, 16)...)
		if wrongPassword {
			u[0] ^= 1
		}
		if method == "RC4" {
			encrypt = fmt.Sprintf("<< /Filter /Standard /V 2 /R 3 /Length 128 /P %d /O <%x> /U <%x> >>", p, o, u)
			c, _ := rc4.NewCipher(pdftObjKey(key, 4, false))
			c.XORKeyStream(content, content)
		} else {
			encrypt = fmt.Sprintf("<< /Filter /Standard /V 4 /R 4 /Length 128 /P %d /O <%x> /U <%x> "+
				"/CF << /StdCF << /CFM /AESV2 /Length 16 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF >>", p, o, u)
			content = pdftAESEncrypt(pdftObjKey(key, 4, true), content)
		}
	case "AESV3":
		key = []byte("0123456789abcdef0123456789abcdef")
		vsalt, ksalt := []byte("vsalt123"), []byte("ksalt123")
		u := append(append(pdfHashR6(nil, vsalt, 6), vsalt...), ksalt...)
		if wrongPassword {
			u[0] ^= 1
		}
		block, _ := aes.NewCipher(pdfHashR6(nil, ksalt, 6))
		ue := make([]byte, 32)
		cipher.NewCBCEncrypter(block, make([]byte, 16)).CryptBlocks(ue, key)
		encrypt = fmt.Sprintf("<< /Filter /Standard /V 5 /R 6 /Length 256 /P %d /O <%x> /U <%x> /OE <%x> /UE <%x> /Perms <%x> "+
			"/CF << /StdCF << /CFM /AESV3 /Length 32 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF >>", p, append(o, o[:16]...), u, ue, ue, ue[:16])
		content = pdftAESEncrypt(key, content)
	default:
		t.Fatal(method)
	}
	d := &pdftDoc{trailer: fmt.Sprintf("/Encrypt 6 0 R /ID [<%x> <%x>]", id, id)}
	d.add("<< /Type /Catalog /Pages 2 0 R >>")
	d.add("<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
	d.add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>")
	d.add(pdftStream("", content))
	d.add(pdftHelvetica)
	d.add(encrypt)
	return d.bytes()
}

func TestPDFEncrypted(t *testing.T) {
	for _, m := range []string{"RC4", "AESV2", "AESV3"} {
		c, err := countPDF(bytes.NewReader(pdftEncrypted(t, m, false)))
		if err != nil || c.Words != 3 || c.Preview != "Gizli belge (encrypted)" {
			t.Errorf("%s: %+v, %v", m, c, err)
		}
		_, err = countPDF(bytes.NewReader(pdftEncrypted(t, m, true)))
		if !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s with a user password: %v, want ErrUnsupported", m, err)
		}
	}
}

// ---- Content streams ----

func TestPDFContentCases(t *testing.T) {
	res := "<< /Font << /F1 " + pdftHelvetica + " >> >>"
	cases := []struct {
		name, content string
		words, chars  int
	}{
		{"inline image with EI in its data",
			"q 10 0 0 10 0 0 cm BI /W 4 /H 1 /BPC 8 /CS /G ID \n EI  EI\nQ BT /F1 10 Tf 10 10 Td (after the image) Tj ET", 3, 13},
		{"inline image with a filter",
			"BI /W 4 /H 1 /BPC 8 /CS /G /F /AHx ID 00ff00ff> EI BT /F1 10 Tf 10 10 Td (still read) Tj ET", 2, 9},
		{"rotated text", "BT /F1 10 Tf 0 1 -1 0 300 100 Tm [(up) -600 (the) -600 (page)] TJ (wards) Tj ET", 3, 14},
		{"scaled by cm", "q 2 0 0 2 0 0 cm BT /F1 5 Tf 10 10 Td (tiny) Tj 12 0 Td (text) Tj ET Q", 2, 8},
		{"letter spacing", "BT /F1 10 Tf 5 Tc 10 10 Td (spaced) Tj ET", 1, 6},
		{"word spacing", "BT /F1 10 Tf 40 Tw 10 10 Td (far apart) Tj ET", 2, 8},
		{"horizontal scaling", "BT /F1 10 Tf 50 Tz 10 10 Td (nar) Tj 6.95 0 Td (row) Tj ET", 1, 6},
		{"one glyph at a time", "BT /F1 10 Tf 10 10 Td (w) Tj 7.22 0 Td (o) Tj 5.56 0 Td (r) Tj 3.33 0 Td (d) Tj 30 0 Td (s) Tj ET", 2, 5},
		{"show with quote operators", "BT /F1 10 Tf 12 TL 10 100 Td (first) Tj (second) ' 1 2 (third) \" ET", 3, 16},
		{"unbalanced and junk", "BT /F1 10 Tf 10 10 Td (ok) Tj ] >> } Q Q Q EMC ET ET 0 -20 Td (loose) Tj [(open array", 2, 7},
		{"no font selected", "BT 10 10 Td (no font) Tj ET", 2, 6},
		{"deep nesting", "BT /F1 10 Tf " + strings.Repeat("[", 100000) + " ET BT /F1 10 Tf 10 10 Td (after) Tj ET", 1, 5},
		{"empty actual text drops a copy", "BT /F1 10 Tf 10 10 Td (bold) Tj 1 0 0 1 10.3 10 Tm /Span << /ActualText () >> BDC (bold) Tj EMC ET", 1, 4},
		{"actual text replaces glyphs", "BT /F1 10 Tf 10 10 Td /Span << /ActualText <FEFF0066006C006F0077> >> BDC (fl) Tj (ow) Tj EMC ( on) Tj ET", 2, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := pdftCount(t, pdftPages(res, pdftStream("", []byte(c.content))).bytes())
			pdftExpect(t, got, c.words, c.chars)
		})
	}
}

func TestPDFStandardEncodingAndType1Builtin(t *testing.T) {
	// No Encoding: a standard Type 1 font uses StandardEncoding (' is a right quote, a joiner).
	std := "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>"
	got := pdftCount(t, pdftPages("<< /Font << /F1 "+std+" >> >>", pdftStream("", []byte("BT /F1 10 Tf 10 10 Td (don't stop) Tj ET"))).bytes())
	pdftExpect(t, got, 2, 9)
	if got.Preview != "don’t stop" {
		t.Errorf("preview %q", got.Preview)
	}
	// An embedded Type 1 font with its own encoding (as TeX writes them): code 12 is "fi".
	p := pdftPages("<< /Font << /F1 3 0 R >> >>")
	p.objs = p.objs[:2]
	p.add("<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+CMR10 /FirstChar 0 /LastChar 127 /Widths [" +
		strings.Repeat("500 ", 128) + "] /FontDescriptor 4 0 R >>")
	p.add(fmt.Sprintf("<< /Type /FontDescriptor /FontName /ABCDEF+CMR10 /Flags 4 /FontFile %d 0 R >>", 5))
	p.add(pdftStream("/Length1 120 /Length2 0 /Length3 0", []byte("%!PS-AdobeFont-1.0: CMR10\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 12 /fi put\ndup 100 /d put\ndup 101 /e put\ndup 110 /n put\nreadonly def\ncurrentfile eexec\n\x8f\x01")))
	page := p.add("")
	cs := p.add(pdftStream("", []byte("BT /F1 10 Tf 10 10 Td (de\\014ne) Tj ET")))
	p.set(page, fmt.Sprintf("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>", cs))
	p.set(2, fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", page))
	got = pdftCount(t, p.bytes())
	pdftExpect(t, got, 1, 6)
	if got.Preview != "define" {
		t.Errorf("preview %q", got.Preview)
	}
}

func TestPDFFormsAndCycles(t *testing.T) {
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("<< /Type /Pages /Kids [3 0 R 2 0 R 3 0 R] /Count 1 >>") // a cycle and a repeat
	p.add("<< /Type /Page /Parent 2 0 R /Resources 4 0 R /Contents 5 0 R >>")
	p.add("<< /Font << /F1 " + pdftHelvetica + " >> /XObject << /Fm1 6 0 R /Fm2 7 0 R >> >>")
	p.add(pdftStream("", []byte("/Fm1 Do q 1 0 0 1 0 100 cm /Fm1 Do Q /Fm2 Do")))
	p.add(pdftFlate("/Type /XObject /Subtype /Form /BBox [0 0 500 500] /Matrix [1 0 0 1 0 0]", []byte("BT /F1 10 Tf 10 10 Td (Letterhead text) Tj ET")))
	p.add(pdftStream("/Type /XObject /Subtype /Form /BBox [0 0 500 500] /Resources 4 0 R", []byte("/Fm2 Do BT /F1 10 Tf 10 300 Td (self) Tj ET")))
	c := pdftCount(t, p.bytes())
	pdftExpect(t, c, 5, 32) // the letterhead twice, "self" once
}

func TestPDFPreviewAndLimits(t *testing.T) {
	long := strings.Repeat("kelime ", 200)
	c := pdftCount(t, pdftPages("<< /Font << /F1 "+pdftHelvetica+" >> >>",
		pdftStream("", []byte("BT /F1 10 Tf 10 10 Td ("+long+") Tj ET"))).bytes())
	pdftExpect(t, c, 200, 1200)
	if n := len([]rune(c.Preview)); n < PreviewRunes-1 || n > PreviewRunes || strings.Contains(c.Preview, "  ") {
		t.Errorf("preview has %d runes: %q", n, c.Preview)
	}
	// Text longer than the pieces it is counted in, and one word longer than a piece.
	big := strings.Repeat("kelime ", 200000)
	c = pdftCount(t, pdftPages("<< /Font << /F1 "+pdftHelvetica+" >> >>",
		pdftFlate("", []byte("BT /F1 10 Tf 10 10 Td ("+big+") Tj ET")), pdftFlate("", []byte("BT /F1 10 Tf 10 10 Td ("+strings.Repeat("a", 3<<20)+") Tj ET"))).bytes())
	if c.Words < 200001 || c.Words > 200004 || c.Characters != 1200000+3<<20 {
		t.Errorf("long text: %d words, %d characters", c.Words, c.Characters)
	}
	// More pages than the bound.
	var kids []string
	for i := range pdfMaxPages + 1 {
		kids = append(kids, fmt.Sprintf("%d 0 R", i+3))
	}
	p := &pdftDoc{}
	p.add("<< /Type /Catalog /Pages 2 0 R >>")
	p.add("<< /Type /Pages /Kids [" + strings.Join(kids, " ") + "] >>")
	for range pdfMaxPages + 1 {
		p.add("<< /Type /Page /Parent 2 0 R >>")
	}
	if _, err := countPDF(bytes.NewReader(p.bytes())); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%d pages: %v, want ErrTooLarge", pdfMaxPages+1, err)
	}
}

// pdftLZW encodes data the PDF way (MSB first, codes 9 to 12 bits, EarlyChange 1).
func pdftLZW(data []byte) []byte {
	var out []byte
	var acc uint64
	bits := 0
	width := 9
	put := func(code int) {
		acc = acc<<width | uint64(code)
		bits += width
		for bits >= 8 {
			out = append(out, byte(acc>>(bits-8)))
			bits -= 8
		}
	}
	dict := map[string]int{}
	next := 258
	put(256)
	w := ""
	for _, c := range data {
		wc := w + string([]byte{c})
		if _, ok := dict[wc]; ok || len(wc) == 1 {
			w = wc
			continue
		}
		if len(w) == 1 {
			put(int(w[0]))
		} else {
			put(dict[w])
		}
		dict[wc] = next
		next++
		if next >= 1<<width && width < 12 {
			width++
		}
		w = string([]byte{c})
	}
	if w != "" {
		if len(w) == 1 {
			put(int(w[0]))
		} else {
			put(dict[w])
		}
	}
	put(257)
	if bits > 0 {
		out = append(out, byte(acc<<(8-bits)))
	}
	return out
}

func TestPDFFilters(t *testing.T) {
	content := []byte("BT /F1 10 Tf 10 10 Td (" + strings.Repeat("filtered text ", 300) + ") Tj ET")
	var goLZW bytes.Buffer
	lw := lzw.NewWriter(&goLZW, lzw.MSB, 8)
	lw.Write(content)
	lw.Close()
	var a85 strings.Builder
	for i := 0; i < len(content); i += 4 {
		chunk := make([]byte, 4)
		n := copy(chunk, content[i:])
		v := binary.BigEndian.Uint32(chunk)
		var g [5]byte
		for k := 4; k >= 0; k-- {
			g[k] = byte(v%85) + '!'
			v /= 85
		}
		a85.Write(g[:n+1])
	}
	var rl []byte
	for i := 0; i < len(content); i += 100 {
		chunk := content[i:min(i+100, len(content))]
		rl = append(append(rl, byte(len(chunk)-1)), chunk...)
	}
	rl = append(rl, 128)
	streams := map[string]string{
		"LZW":             pdftStream("/Filter /LZWDecode", pdftLZW(content)),
		"LZW EarlyChange": pdftStream("/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>", goLZW.Bytes()),
		"ASCIIHex+Flate":  pdftStream("/Filter [/AHx /Fl]", []byte(hex.EncodeToString(pdftDeflate(content))+">")),
		"ASCII85":         pdftStream("/Filter /ASCII85Decode", []byte(a85.String()+"~>")),
		"RunLength":       pdftStream("/Filter /RunLengthDecode", rl),
	}
	for name, s := range streams {
		got := pdftCount(t, pdftPages("<< /Font << /F1 "+pdftHelvetica+" >> >>", s).bytes())
		if got.Words != 600 || got.Characters != 3600 {
			t.Errorf("%s: %d words, %d characters", name, got.Words, got.Characters)
		}
	}
}

func TestPDFTextString(t *testing.T) {
	u := utf16.Encode([]rune("Şu"))
	b := []byte{0xfe, 0xff}
	for _, x := range u {
		b = append(b, byte(x>>8), byte(x))
	}
	if got := pdfTextString(b); got != "Şu" {
		t.Errorf("%q", got)
	}
	if got := pdfTextString([]byte("a\x93b\xa0")); got != "a\ufb01b€" {
		t.Errorf("%q", got)
	}
}

// TestPDFRealFiles reads PDFs installed by Debian packages when they are there (the suite does
// not depend on them).
func TestPDFRealFiles(t *testing.T) {
	for _, f := range []string{"/usr/share/doc/libtasn1-doc/libtasn1.pdf", "/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		c, err := countPDF(bytes.NewReader(b))
		if err != nil || c.ManualCount || c.Words < 1000 {
			t.Errorf("%s: %+v, %v", f, c, err)
		}
		t.Logf("%s: %d words, %d characters", f, c.Words, c.Characters)
	}
}

// ---- Fuzzing ----

func pdftSeeds(t testing.TB) [][]byte {
	type0 := pdftFontPage("BT /F1 10 Tf 5 5 Td ["+pdftHex("İstanbul")+" -400 "+pdftHex("dağ")+"] TJ ET",
		func(p *pdftDoc) int { return pdftType0(p, true) })
	// The same with everything uncompressed, so that mutations reach the CMap and the content.
	plain := &pdftDoc{}
	plain.add("<< /Type /Catalog /Pages 2 0 R >>")
	plain.add("<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 595 842] >>")
	plain.add("<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 6 0 R /F2 7 0 R >> /XObject << /Fm 8 0 R /Im 9 0 R >> " +
		"/Properties << /P1 << /ActualText (x) >> >> >> /Contents 4 0 R >>")
	plain.add(pdftStream("", []byte("q 1 0 0 1 5 5 cm BT /F1 10 Tf 2 Tc 90 Tz 12 TL 5 5 Td ["+pdftHex("İş")+" -300 "+pdftHex("ğı")+"] TJ T* "+
		pdftHex("trans\u00ad")+" Tj ET /Fm Do /Span /P1 BDC BT /F2 9 Tf 0 1 -1 0 50 50 Tm (rot\351) ' EMC ET Q "+
		"BI /W 2 /H 1 /BPC 8 /CS /G ID \x00\xff EI /Im Do")))
	plain.add(pdftStream("", []byte(pdftToUnicode)))
	plain.add("<< /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H /DescendantFonts [<< /Subtype /CIDFontType2 /DW 500 /W [1 [600 500] 4 10 450] >>] /ToUnicode 5 0 R >>")
	plain.add(pdftTurkishTimes)
	plain.add(pdftStream("/Subtype /Form /Resources << /Font << /F1 7 0 R >> >> /Matrix [1 0 0 1 0 0]", []byte("BT /F1 8 Tf (form) Tj ET /Fm Do")))
	plain.add(pdftStream("/Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray", []byte{0}))
	return [][]byte{
		plain.bytes(),
		pdftBasic(),
		pdftXrefStreamDoc(),
		pdftImagePage("x"),
		pdftEncrypted(t, "RC4", false),
		pdftEncrypted(t, "AESV2", false),
		type0,
		pdftPages("<< /Font << /F1 "+pdftHelvetica+" >> >>", pdftStream("/Filter /LZWDecode", pdftLZW([]byte("BT /F1 9 Tf (lzw) Tj ET")))).bytes(),
		[]byte("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF"),
	}
}

func FuzzPDF(f *testing.F) {
	for _, s := range pdftSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		start := time.Now()
		c, err := pdfCount(b) // without countPDF's recover: a panic is a finding
		if err != nil {
			if !errors.Is(err, ErrMalformed) && !errors.Is(err, ErrZipBomb) && !errors.Is(err, ErrTooLarge) && !errors.Is(err, ErrUnsupported) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if c.Words < 0 || c.Characters < 0 || (c.ManualCount && c.Words != 0) || len([]rune(c.Preview)) > PreviewRunes {
			t.Fatalf("bad counts %+v", c)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("took %v", d)
		}
	})
}
