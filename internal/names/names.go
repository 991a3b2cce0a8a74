// Package names is the one place the platform keeps the human names of what it sells: the titles
// of the agency's eight services and the names of the languages it translates between, each in
// Turkish and English. svc-catalog seeds its catalogue from them and svc-orders words quote and
// invoice lines with them, so a title changed here changes both and no copy drifts.
package names

import "linguaport/internal/i18n"

// Entry is a service id or an ISO 639-1 language code with its name in both site languages.
type Entry struct {
	ID   string
	Name i18n.Text
}

// Service is the title of the service id, and whether the agency offers it.
func Service(id string) (i18n.Text, bool) {
	t, ok := serviceByID[id]
	return t, ok
}

// ServiceTitle is the service's title, or its slug for a service this list does not know (one
// retired after a quote was made), so a line or a document is never left unnamed.
func ServiceTitle(id string) i18n.Text {
	if t, ok := Service(id); ok {
		return t
	}
	return i18n.Text{TR: id, EN: id}
}

// Language is the name of the language code (ISO 639-1, lower case), and whether the agency
// translates it.
func Language(code string) (i18n.Text, bool) {
	t, ok := languageByCode[code]
	return t, ok
}

// Services are the eight services with their titles.
func Services() []Entry { return append([]Entry(nil), services...) }

// Languages are the languages with their names, in the order the pickers show them.
func Languages() []Entry { return append([]Entry(nil), languages...) }

var (
	serviceByID    = index(services)
	languageByCode = index(languages)
)

func index(entries []Entry) map[string]i18n.Text {
	m := make(map[string]i18n.Text, len(entries))
	for _, e := range entries {
		m[e.ID] = e.Name
	}
	return m
}

// services are the agency's eight services by their ids (the slugs quotes and orders carry); the
// catalogue shows them in the order of its own seed, not this one.
var services = []Entry{
	{ID: "professional-translation", Name: i18n.Text{TR: "Profesyonel Tercüme", EN: "Professional Translation"}},
	{ID: "website-translation", Name: i18n.Text{TR: "Web Sitesi Çevirisi ve Yerelleştirme", EN: "Website Translation and Localization"}},
	{ID: "content-creation", Name: i18n.Text{TR: "İçerik Yaratma", EN: "Content Creation"}},
	{ID: "proofreading", Name: i18n.Text{TR: "Redaksiyon ve Düzelti", EN: "Proofreading"}},
	{ID: "subtitle-translation", Name: i18n.Text{TR: "Altyazı Çevirisi", EN: "Subtitle Translation"}},
	{ID: "paraphrasing", Name: i18n.Text{TR: "Paraphrasing (Yeniden Yazım)", EN: "Paraphrasing"}},
	{ID: "transcription", Name: i18n.Text{TR: "Transkripsiyon", EN: "Transcription"}},
	{ID: "desktop-publishing", Name: i18n.Text{TR: "Masaüstü Yayıncılık (DTP)", EN: "Desktop Publishing (DTP)"}},
}

// languages are the languages the agency translates between (ISO 639-1 codes), in the order the
// pickers show them: the most requested first, then alphabetically by English name.
var languages = []Entry{
	{ID: "tr", Name: i18n.Text{TR: "Türkçe", EN: "Turkish"}},
	{ID: "en", Name: i18n.Text{TR: "İngilizce", EN: "English"}},
	{ID: "de", Name: i18n.Text{TR: "Almanca", EN: "German"}},
	{ID: "fr", Name: i18n.Text{TR: "Fransızca", EN: "French"}},
	{ID: "ar", Name: i18n.Text{TR: "Arapça", EN: "Arabic"}},
	{ID: "ru", Name: i18n.Text{TR: "Rusça", EN: "Russian"}},
	{ID: "es", Name: i18n.Text{TR: "İspanyolca", EN: "Spanish"}},
	{ID: "it", Name: i18n.Text{TR: "İtalyanca", EN: "Italian"}},
	{ID: "zh", Name: i18n.Text{TR: "Çince", EN: "Chinese"}},
	{ID: "ja", Name: i18n.Text{TR: "Japonca", EN: "Japanese"}},
	{ID: "sq", Name: i18n.Text{TR: "Arnavutça", EN: "Albanian"}},
	{ID: "hy", Name: i18n.Text{TR: "Ermenice", EN: "Armenian"}},
	{ID: "az", Name: i18n.Text{TR: "Azerbaycan Türkçesi", EN: "Azerbaijani"}},
	{ID: "eu", Name: i18n.Text{TR: "Baskça", EN: "Basque"}},
	{ID: "be", Name: i18n.Text{TR: "Belarusça", EN: "Belarusian"}},
	{ID: "bn", Name: i18n.Text{TR: "Bengalce", EN: "Bengali"}},
	{ID: "bs", Name: i18n.Text{TR: "Boşnakça", EN: "Bosnian"}},
	{ID: "bg", Name: i18n.Text{TR: "Bulgarca", EN: "Bulgarian"}},
	{ID: "ca", Name: i18n.Text{TR: "Katalanca", EN: "Catalan"}},
	{ID: "hr", Name: i18n.Text{TR: "Hırvatça", EN: "Croatian"}},
	{ID: "cs", Name: i18n.Text{TR: "Çekçe", EN: "Czech"}},
	{ID: "da", Name: i18n.Text{TR: "Danca", EN: "Danish"}},
	{ID: "nl", Name: i18n.Text{TR: "Felemenkçe", EN: "Dutch"}},
	{ID: "et", Name: i18n.Text{TR: "Estonca", EN: "Estonian"}},
	{ID: "fa", Name: i18n.Text{TR: "Farsça", EN: "Persian"}},
	{ID: "fi", Name: i18n.Text{TR: "Fince", EN: "Finnish"}},
	{ID: "ka", Name: i18n.Text{TR: "Gürcüce", EN: "Georgian"}},
	{ID: "el", Name: i18n.Text{TR: "Yunanca", EN: "Greek"}},
	{ID: "he", Name: i18n.Text{TR: "İbranice", EN: "Hebrew"}},
	{ID: "hi", Name: i18n.Text{TR: "Hintçe", EN: "Hindi"}},
	{ID: "hu", Name: i18n.Text{TR: "Macarca", EN: "Hungarian"}},
	{ID: "id", Name: i18n.Text{TR: "Endonezce", EN: "Indonesian"}},
	{ID: "ga", Name: i18n.Text{TR: "İrlandaca", EN: "Irish"}},
	{ID: "kk", Name: i18n.Text{TR: "Kazakça", EN: "Kazakh"}},
	{ID: "ko", Name: i18n.Text{TR: "Korece", EN: "Korean"}},
	{ID: "ku", Name: i18n.Text{TR: "Kürtçe", EN: "Kurdish"}},
	{ID: "ky", Name: i18n.Text{TR: "Kırgızca", EN: "Kyrgyz"}},
	{ID: "lv", Name: i18n.Text{TR: "Letonca", EN: "Latvian"}},
	{ID: "lt", Name: i18n.Text{TR: "Litvanca", EN: "Lithuanian"}},
	{ID: "mk", Name: i18n.Text{TR: "Makedonca", EN: "Macedonian"}},
	{ID: "ms", Name: i18n.Text{TR: "Malayca", EN: "Malay"}},
	{ID: "mn", Name: i18n.Text{TR: "Moğolca", EN: "Mongolian"}},
	{ID: "no", Name: i18n.Text{TR: "Norveççe", EN: "Norwegian"}},
	{ID: "ps", Name: i18n.Text{TR: "Peştuca", EN: "Pashto"}},
	{ID: "pl", Name: i18n.Text{TR: "Lehçe", EN: "Polish"}},
	{ID: "pt", Name: i18n.Text{TR: "Portekizce", EN: "Portuguese"}},
	{ID: "ro", Name: i18n.Text{TR: "Rumence", EN: "Romanian"}},
	{ID: "sr", Name: i18n.Text{TR: "Sırpça", EN: "Serbian"}},
	{ID: "sk", Name: i18n.Text{TR: "Slovakça", EN: "Slovak"}},
	{ID: "sl", Name: i18n.Text{TR: "Slovence", EN: "Slovenian"}},
	{ID: "so", Name: i18n.Text{TR: "Somalice", EN: "Somali"}},
	{ID: "sw", Name: i18n.Text{TR: "Svahili", EN: "Swahili"}},
	{ID: "sv", Name: i18n.Text{TR: "İsveççe", EN: "Swedish"}},
	{ID: "tg", Name: i18n.Text{TR: "Tacikçe", EN: "Tajik"}},
	{ID: "th", Name: i18n.Text{TR: "Tayca", EN: "Thai"}},
	{ID: "tk", Name: i18n.Text{TR: "Türkmence", EN: "Turkmen"}},
	{ID: "uk", Name: i18n.Text{TR: "Ukraynaca", EN: "Ukrainian"}},
	{ID: "ur", Name: i18n.Text{TR: "Urduca", EN: "Urdu"}},
	{ID: "ug", Name: i18n.Text{TR: "Uygurca", EN: "Uyghur"}},
	{ID: "uz", Name: i18n.Text{TR: "Özbekçe", EN: "Uzbek"}},
	{ID: "vi", Name: i18n.Text{TR: "Vietnamca", EN: "Vietnamese"}},
}
