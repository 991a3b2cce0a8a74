package counting

import (
	"fmt"
	"strings"
	"testing"
)

// articlePage is a news article as a CMS writes one: a navigation of links whose title
// tooltips repeat the link text (one in capitals, one with two spaces), a logo link, a search
// form, a figure whose alt repeats its caption, a description and social cards in <meta>, and
// related links titled like the text they carry. It returns the page and the text a translator
// is given to translate, each piece once.
func articlePage() (page, translated string) {
	const (
		title = "Kıyı kentlerinde yaz turizmi"
		desc  = "Bu yaz kıyı kentlerinde otel doluluğu yüzde 90'ı aştı, sezon eylüle uzayacak."
	)
	page = `<!DOCTYPE html>
<html lang="tr"><head><meta charset="utf-8">
<title>` + title + `</title>
<meta name="description" content="` + desc + `">
<meta property="og:title" content="` + title + `">
<meta property="og:description" content="` + desc + `">
<meta name="twitter:description" content="  ` + strings.ToUpper(desc[:2]) + desc[2:] + `">
<meta name="keywords" content="turizm, otel, yaz">
<meta property="og:site_name" content="Haber Ajansı">
<link rel="stylesheet" href="/site.css">
<script>window.dataLayer = [{sayfa: "haber detay"}];</script>
</head><body>
<header><a href="/" title="Ana sayfa"><img src="/logo.svg" alt="Haber Ajansı"></a>
<nav><ul>
<li><a href="/gundem" title="Gündem">Gündem</a></li>
<li><a href="/ekonomi" title="Ekonomi">Ekonomi</a></li>
<li><a href="/spor" title="SPOR">Spor</a></li>
<li><a href="/istanbul" title="İSTANBUL">İstanbul</a></li>
<li><a href="/kultur-sanat" title="Kültür  Sanat">Kültür
  Sanat</a></li>
</ul></nav>
<form role="search" action="/ara"><input type="search" name="q" placeholder="Haberlerde ara" aria-label="Haberlerde ara">
<input type="hidden" name="kaynak" value="ust menu"><input type="submit" value="Ara"></form>
</header>
<main><article>
<h1>` + title + `</h1>
<p class="lead">Otel doluluğu bu yaz yüzde 90'ı aştı.</p>
<figure><img src="/plaj.jpg" alt="Antalya'da kalabalık bir plaj"><figcaption>Antalya'da kalabalık bir plaj</figcaption></figure>
<p>Turizmciler sezonun <a href="/etiket/eylul" title="Eylül ayı haberleri">eylül</a> sonuna kadar süreceğini söylüyor.</p>
<p><abbr title="Türkiye İstatistik Kurumu">TÜİK</abbr> verilerine göre yabancı ziyaretçi sayısı arttı.</p>
<img src="/grafik.png" alt="Aylara göre ziyaretçi sayısı grafiği">
</article>
<aside><h2>İlgili haberler</h2><ul>
<li><a href="/1" title="Otel fiyatları yükseldi">Otel fiyatları yükseldi</a></li>
<li><a href="/2" title="Yerli turist kış tatilini öne çekti"><b>Yerli turist</b> kış tatilini öne çekti</a></li>
</ul></aside></main>
<footer><a href="/kvkk" title="Kişisel verilerin korunması">KVKK</a> &copy; 2026</footer>
</body></html>`
	translated = strings.Join([]string{
		title, desc, // og:title, og: and twitter:description repeat these; keywords and the site name are not text
		"Ana sayfa", "Haber Ajansı", // the logo link's title and the logo's alt (its text) differ
		"Gündem Ekonomi Spor İstanbul Kültür Sanat", // each title once
		"Haberlerde ara", "Ara", // placeholder = aria-label, the submit button; not the hidden field
		title, "Otel doluluğu bu yaz yüzde 90'ı aştı.",
		"Antalya'da kalabalık bir plaj", // the alt repeats the caption
		"Turizmciler sezonun eylül sonuna kadar süreceğini söylüyor.", "Eylül ayı haberleri",
		"TÜİK verilerine göre yabancı ziyaretçi sayısı arttı.", "Türkiye İstatistik Kurumu",
		"Aylara göre ziyaretçi sayısı grafiği",
		"İlgili haberler", "Otel fiyatları yükseldi", "Yerli turist kış tatilini öne çekti",
		"KVKK", "Kişisel verilerin korunması", "© 2026",
	}, " ")
	return page, translated
}

func TestHTMLArticle(t *testing.T) {
	page, translated := articlePage()
	got := mustCount(t, "haber.html", []byte(page))
	words, chars := CountText(translated)
	expect(t, "article", got, words, chars)
	// the links' titles add nothing to the page: the same page without them counts the same
	bare := strings.NewReplacer(` title="Gündem"`, "", ` title="Ekonomi"`, "", ` title="SPOR"`, "",
		` title="İSTANBUL"`, "", ` title="Kültür  Sanat"`, "", ` title="Otel fiyatları yükseldi"`, "",
		` title="Yerli turist kış tatilini öne çekti"`, "").Replace(page)
	if b := mustCount(t, "haber.html", []byte(bare)); b.Words != got.Words || b.Characters != got.Characters {
		t.Errorf("titles repeating their links changed the count: %d/%d with, %d/%d without",
			got.Words, got.Characters, b.Words, b.Characters)
	}
	// an attribute shows in the preview where it stands, after the text of its element
	if want := "Kıyı kentlerinde yaz turizmi Haber Ajansı Ana sayfa Gündem Ekonomi Spor İstanbul Kültür Sanat " +
		"Haberlerde ara Ara Kıyı kentlerinde yaz turizmi Otel doluluğu"; !strings.HasPrefix(got.Preview, want) {
		t.Errorf("preview %q\nwant    %q...", got.Preview, want)
	}
}

// The attribute rules one at a time: what is text, and what is counted once.
func TestHTMLAttributes(t *testing.T) {
	cases := []struct {
		name, html string
		want       string // the text counted
	}{
		{"link title = text", `<a title="Devamını oku">Devamını <b>oku</b></a>`, "Devamını oku"},
		{"link title ≠ text", `<a title="Haberin tamamı">Devamını oku</a>`, "Devamını oku Haberin tamamı"},
		{"case and spaces", `<a title=" DEVAMINI&#10;oku ">Devamını   oku</a>`, "Devamını oku"},
		{"Turkish i", `<a title="IĞDIR İLİ">Iğdır ili</a>`, "Iğdır ili"},
		{"title before its text", `<p>Sepet</p><a title="sepet" href="/sepet"><svg></svg></a>`, "Sepet"},
		{"alt = caption after", `<figure><img alt="Bir kedi"><figcaption>Bir kedi</figcaption></figure>`, "Bir kedi"},
		{"alt = text before", `<p>Şirket logosu <img alt="Şirket logosu"></p>`, "Şirket logosu"},
		{"alt ≠ neighbours", `<p>Önce</p><img alt="Bir kedi"><p>Sonra</p>`, "Önce Bir kedi Sonra"},
		{"alt = title", `<img alt="Harita" title="harita">`, "Harita"},
		{"link title = image alt", `<a href="/" title="Ana sayfa"><img alt="Ana sayfa"></a>`, "Ana sayfa"},
		{"placeholder and aria", `<input placeholder="E-posta adresiniz" aria-label="E-posta"><button aria-label="Kapat">×</button>`,
			"E-posta adresiniz E-posta × Kapat"},
		{"aria-description", `<div aria-description="Açılır menü">x</div>`, "x Açılır menü"},
		{"button values", `<input type="submit" value="Gönder"><input type=RESET value="Temizle"><input type="button" value="Tamam">` +
			`<input type="text" value="Ahmet"><input value="gizli"><button value="b1">Seç</button>`, "Gönder Temizle Tamam Seç"},
		{"option labels", `<select><optgroup label="Avrupa"><option label="TR" value="tr">Türkiye<option label="Almanya">Almanya</optgroup></select>`,
			"Avrupa Türkiye TR Almanya"},
		{"track label", `<video><track kind="subtitles" label="Türkçe altyazı" srclang="tr"></video>`, "Türkçe altyazı"},
		{"labels elsewhere are not text", `<div label="x" content="y" value="z">metin</div>`, "metin"},
		{"meta descriptions", `<title>Başlık</title><meta name="description" content="Açıklama metni">` +
			`<meta property="og:title" content="başlık"><meta property="og:description" content="Açıklama metni">` +
			`<meta name="twitter:title" content="Paylaşım başlığı"><meta property="og:image:alt" content="Görsel">` +
			`<meta name="keywords" content="a, b"><meta name="author" content="Yazar">`, "Başlık Açıklama metni Paylaşım başlığı Görsel"},
		{"description = lead paragraph", `<meta name="description" content="Kısa özet burada."><p>Kısa özet burada.</p>`, "Kısa özet burada."},
		{"an inline title does not split a word", `Ekono<span title="İpucu">mi</span>`, "Ekonomi İpucu"},
		{"first of a repeated attribute", `<img alt="Bir" alt="İki">`, "Bir"},
		{"not in a template", `<template><img alt="Şablon"></template><p>x</p>`, "x"},
		{"unclosed elements", `<a title="Başlık bir">bir <a title="iki">iki`, "bir Başlık bir iki"},
		{"a paragraph ends at the next", `<p title="Giriş">Giriş<p>İkinci paragraf</p>`, "Giriş İkinci paragraf"},
		{"title of an empty element", `<span title="Bilgi"></span>`, "Bilgi"},
		// runs are compared as written, put in comparison form only when an attribute could repeat them
		{"alt = text after, in pieces", `<img alt="Kedi ve köpek">Kedi <!--x-->ve <!--y-->K&Ouml;PEK`, "Kedi ve köpek"},
		{"run with spaces and a soft hyphen before", `<p>  &shy;Sepet </p><a title="SEPET" href="/"><svg></svg></a>`, "Sepet"},
		{"spaces between are no run", "<p>Sepet</p>\n  \n<a title=\"sepet\"><svg></svg></a>", "Sepet"},
		{"same end, other start", `<img alt="Ayna"><p>Bayna</p><p>Ayna b</p><a title="ayna">x</a>`, "Ayna Bayna Ayna b x ayna"},
		{"description = a later paragraph", "<meta name=\"description\" content=\"Kısa özet.\"><p>\n  KISA özet.</p>", "Kısa özet."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := mustCount(t, "a.html", []byte(c.html))
			words, chars := CountText(c.want)
			expect(t, c.name, got, words, chars)
		})
	}
}

// Thousands of tags with attributes that never close, and text between them, are counted in
// bounded memory and time and still count every attribute that is not repeated.
func TestHTMLManyOpenElements(t *testing.T) {
	var b strings.Builder
	for range 5000 {
		b.WriteString(`<span title="ipucu metni">söz <img alt="resim">`)
	}
	got := mustCount(t, "a.html", []byte(b.String()))
	// every span title and img alt differs from the text around it: 4 words a repetition
	expect(t, "unclosed", got, 4*5000, 5000*len([]rune("ipucumetnisözresim")))
}

// An attribute longer than any real one (over 16 KiB) is counted without being held to
// compare: nothing of it is lost, even when the text next to it is the same.
func TestHTMLLongAttribute(t *testing.T) {
	long := strings.Repeat("uzun açıklama ", 1500) // 21,000 bytes
	got := mustCount(t, "a.html", []byte(`<figure><img alt="`+long+`"><figcaption>`+long+`</figcaption></figure>`))
	words, chars := CountText(long + long)
	expect(t, "long alt", got, words, chars)
}

// End tags find their element however deep it is: an outer element closed over ten open ones
// with titles, and an inner one opened inside ten others, each compare their title with their
// own text (both are the same: not counted again), and the titles of the others are counted.
func TestHTMLDeepNesting(t *testing.T) {
	var b, want strings.Builder
	b.WriteString(`<i title="Bir iki">Bir `)
	want.WriteString("Bir iki ")
	for n := range 10 {
		fmt.Fprintf(&b, `<span title="s%d">`, n)
		fmt.Fprintf(&want, "s%d ", n)
	}
	b.WriteString("iki</i> ")
	for n := range 10 {
		fmt.Fprintf(&b, `<span title="t%d">`, n)
		fmt.Fprintf(&want, "t%d ", n)
	}
	b.WriteString(`<b title="üç">üç</b> son`)
	want.WriteString("üç son")
	got := mustCount(t, "a.html", []byte(b.String()))
	words, chars := CountText(want.String())
	expect(t, "nested", got, words, chars)
}
