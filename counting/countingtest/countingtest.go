// Package countingtest generates the documents package counting is tested and measured
// with, in memory and deterministically (fixed PCG seeds): zip entries and OOXML parts, a PDF
// writer, and large realistic fixtures (a 100-page docx and pdf, an xlsx just under the upload
// limit, a two-hour srt). Every word the large generators write is one word by the counting
// rules, so they know how many words to expect.
//
// It imports nothing of counting, so that counting's own tests can use it as well as
// bench/counting and the pdf package's tests.
package countingtest

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// commonWords head the vocabulary (the most frequent words of a Turkish/English contract and
// software text); made-up words from Turkish syllables follow, so the text compresses like
// prose, not like a short list repeated.
var commonWords = strings.Fields(`ve bir bu için ile de da olarak olan çeviri belge sözleşme hizmet
	müşteri taraf tarafından gün içinde teslim ücret ödeme fatura proje dosya metin sayfa kelime
	dil hedef kaynak süre tarih madde hüküm gizlilik yükümlülük kapsam onay talep sipariş teklif
	kalite kontrol editör çevirmen terim sözlük bölüm ek tablo şekil not açıklama uygun gerekli
	olması halinde ancak veya ise her tüm daha en çok az yeni son ilk İstanbul'da Ankara'da e-posta
	the of and to in a is that for on with as by this be are or from shall will translation
	document customer service delivery within days agreement party parties fee payment invoice
	project file text page word language source target date clause terms confidential quality
	review translator glossary section annex table figure note required provided however each
	all more new first last don't e-mail follow-up`)

const syllables = "ba be bi bo bu da de di do du ka ke ki ko ku la le li lo lu ma me mi mo mu na ne ni no nu " +
	"ra re ri ro ru sa se si so su ta te ti to tu ya ye yo yu za ze ça çe çi şa şe şi ğa ğı ğu " +
	"ğü lı mı nı rı sı tı kı ön ün öz üz ar er ır ur an en in on al el il ol ak ek ık ok ay ey oy"

// vocabulary is commonWords then made-up words, in rank order for a Zipf distribution.
var vocabulary = func() []string {
	r := rand.New(rand.NewPCG(1, 2))
	syl := strings.Fields(syllables)
	seen := map[string]bool{}
	v := append([]string(nil), commonWords...)
	for _, w := range v {
		seen[w] = true
	}
	for len(v) < 20000 {
		var b strings.Builder
		for range 1 + r.IntN(4) {
			b.WriteString(syl[r.IntN(len(syl))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			v = append(v, w)
		}
	}
	return v
}()

// TextGen writes sentences; Words counts every word written.
type TextGen struct {
	r     *rand.Rand
	z     *rand.Zipf
	Words int
}

func NewTextGen(seed uint64) *TextGen {
	r := rand.New(rand.NewPCG(seed, 0x6c696e677561))
	return &TextGen{r: r, z: rand.NewZipf(r, 1.07, 2, uint64(len(vocabulary)-1))}
}

// Word is one word: from the vocabulary, now and then a number ("2026", "1.250,50", "30").
func (g *TextGen) Word() string {
	g.Words++
	switch n := g.r.IntN(40); {
	case n == 0:
		return fmt.Sprintf("%d.%03d,%02d", 1+g.r.IntN(99), g.r.IntN(1000), g.r.IntN(100))
	case n == 1:
		return fmt.Sprint(1 + g.r.IntN(2100))
	}
	return vocabulary[g.z.Uint64()]
}

// Sentence writes lo..hi words to b: the first capitalised, commas now and then, a full stop.
func (g *TextGen) Sentence(b *strings.Builder, lo, hi int) {
	n := lo + g.r.IntN(hi-lo+1)
	for i := range n {
		if i > 0 {
			b.WriteByte(' ')
		}
		w := g.Word()
		if i == 0 && w[0] >= 'a' && w[0] <= 'z' {
			b.WriteByte(w[0] - 'a' + 'A')
			w = w[1:]
		}
		b.WriteString(w)
		if i < n-1 && g.r.IntN(9) == 0 {
			b.WriteByte(',')
		}
	}
	b.WriteByte('.')
}

// Text is sentences of lo..hi words in all, 4 to 18 words a sentence.
func (g *TextGen) Text(lo, hi int) string {
	var b strings.Builder
	n := lo + g.r.IntN(hi-lo+1)
	for n > 0 {
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		k := min(4+g.r.IntN(15), n)
		g.Sentence(&b, k, k)
		n -= k
	}
	return b.String()
}
