package pricing

import "linguaport/internal/i18n"

// SeedPriceList is the price list a new installation starts with; staff change it later. Rates
// are in USD (DESIGN §3), word rates in centi-cents so $0.085 is exact.
func SeedPriceList() PriceList {
	tiers := map[string]int{}
	for _, code := range []string{"tr", "en", "de", "fr", "es", "it", "pt", "nl", "az", "ca"} {
		tiers[code] = 1
	}
	for _, code := range []string{"ar", "ru", "sq", "hy", "eu", "be", "bs", "bg", "hr", "cs", "da", "et", "fa", "fi", "ka", "el",
		"he", "hu", "id", "ga", "kk", "ky", "lv", "lt", "mk", "ms", "no", "pl", "ro", "sr", "sk", "sl", "sv", "tk", "uk", "uz"} {
		tiers[code] = 2
	}
	for _, code := range []string{"zh", "ja", "ko", "th", "vi", "hi", "bn", "ku", "mn", "ps", "so", "sw", "tg", "ur", "ug"} {
		tiers[code] = 3
	}
	return PriceList{
		Services: []ServicePrice{
			{Service: "professional-translation", Unit: PerWord, BaseRate: 850, Minimum: 2500},
			{Service: "website-translation", Unit: PerWord, BaseRate: 950, Minimum: 5000},
			{Service: "content-creation", Unit: PerWord, BaseRate: 1200, Minimum: 3000},
			{Service: "proofreading", Unit: PerWord, BaseRate: 350, Minimum: 1500},
			{Service: "subtitle-translation", Unit: PerMinute, BaseRate: 60000, Minimum: 3000},
			{Service: "paraphrasing", Unit: PerWord, BaseRate: 500, Minimum: 1500},
			{Service: "transcription", Unit: PerMinute, BaseRate: 15000, Minimum: 1500},
			{Service: "desktop-publishing", Unit: PerPage, BaseRate: 80000, Minimum: 2000},
		},
		LanguageTiers:   tiers,
		TierMultipliers: map[int]int{1: 10_000, 2: 12_500, 3: 15_000},
		Urgencies: map[Urgency]UrgencyRule{
			Normal: {Multiplier: 10_000, Window: Window{MinDays: 3, MaxDays: 5}},
			Urgent: {Multiplier: 15_000, Window: Window{MinDays: 1, MaxDays: 2}},
		},
		AddOns: []AddOn{
			{ID: "sworn", Name: i18n.Text{TR: "Yeminli tercüme", EN: "Sworn translation"}, PerUnit: 150,
				Services: []string{"professional-translation"}},
			{ID: "notary", Name: i18n.Text{TR: "Noter onayı", EN: "Notary certification"}, PerTarget: 2500,
				Services: []string{"professional-translation"}},
			{ID: "apostille", Name: i18n.Text{TR: "Apostil", EN: "Apostille"}, PerTarget: 4000,
				Services: []string{"professional-translation"}},
		},
	}
}
