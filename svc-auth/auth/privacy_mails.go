package auth

import (
	"fmt"
	"maps"
	"strings"

	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
	"linguaport/internal/privacy"
)

// The mails of a KVKK request: the link that confirms a visitor's request, and the news that the
// copy is ready (with the way to it).
const (
	KindPrivacyConfirm = "privacy.confirm"
	KindPrivacyReady   = "privacy.copy_ready"
	// KindPrivacyErased says an erasure is done and what the law makes the platform keep.
	KindPrivacyErased = "privacy.erased"
)

func init() { maps.Copy(mailKinds, privacyKinds) }

var factRequest = i18n.Text{TR: "Başvuru", EN: "Request"}

var privacyKinds = map[string]mailKind{
	KindPrivacyErased: erasedKind,
	KindPrivacyConfirm: {
		Subject: i18n.Text{TR: "Kişisel veri başvurunuzu onaylayın", EN: "Confirm your personal data request"},
		Button:  i18n.Text{TR: "Başvurumu onayla", EN: "Confirm my request"},
		Why: i18n.Text{
			TR: "Bu e-postayı sitemizdeki başvuru formuna bu adres yazıldığı için gönderiyoruz. Başvuruyu siz yapmadıysanız bu e-postayı dikkate almayın; onaylanmayan başvuru başlamaz.",
			EN: "You get this mail because this address was entered in the request form on our site. If it was not you, ignore it: a request nobody confirms never starts.",
		},
		Fill: fillWith(func(c *composer, p privacyMail) error {
			d, err := c.m.privacyStore().Privacy(c.ctx, p.RequestID)
			if err != nil {
				return err
			}
			if d.State != PrivacyUnverified {
				return fmt.Errorf("request %s is confirmed already: %w", d.ID, mailbox.ErrSkip)
			}
			secret := c.m.links.mailToken("privacy-confirm", c.mail.ID)
			if d.VerifyDigest != digest(secret) {
				return fmt.Errorf("request %s no longer keeps this link: %w", d.ID, mailbox.ErrSkip)
			}
			c.add(confirmLines[d.Kind == "erasure"])
			c.fact(factRequest, requestKindName(d.Kind).In(c.lang))
			c.fact(i18n.Text{TR: "Bağlantının son geçerlilik zamanı", EN: "The link works until"}, c.when(d.VerifyUntil))
			c.link = c.page("privacyRequest", "?token="+userToken(d.ID, secret))
			return nil
		}),
	},
	KindPrivacyReady: {
		Subject: i18n.Text{TR: "Verilerinizin kopyası hazır", EN: "The copy of your data is ready"},
		Lines: []i18n.Text{{
			TR: "Hakkınızda tuttuğumuz verilerin kopyası hazırlandı: her hizmetin kayıtları JSON dosyaları hâlinde tek bir ZIP dosyasında, içindekileri açıklayan bir okuma dosyasıyla birlikte.",
			EN: "The copy of the data we keep about you is ready: every service's records as JSON files in one ZIP file, with a file that explains what is in it.",
		}},
		Button: i18n.Text{TR: "Kopyamı indir", EN: "Download my copy"},
		Why: i18n.Text{
			TR: "Bu e-postayı kişisel verilerinizin bir kopyasını istediğiniz için gönderiyoruz.",
			EN: "You get this mail because you asked for a copy of your personal data.",
		},
		Fill: fillWith(func(c *composer, p privacyMail) error {
			d, err := c.m.privacyStore().Privacy(c.ctx, p.RequestID)
			if err != nil {
				return err
			}
			c.fact(factRequest, requestKindName(d.Kind).In(c.lang))
			if d.OpenedAt != nil {
				c.moment(i18n.Text{TR: "Başvuru tarihi", EN: "Asked on"}, *d.OpenedAt)
			}
			if d.UserID != "" {
				// An account's copy is downloaded signed in, from the account's settings.
				c.link = c.page("settings", "?privacy="+d.ID)
				return nil
			}
			secret := c.m.links.mailToken("privacy-download", c.mail.ID)
			if d.DownloadDigest != digest(secret) {
				return fmt.Errorf("request %s no longer keeps this link: %w", d.ID, mailbox.ErrSkip)
			}
			c.fact(i18n.Text{TR: "Bağlantının son geçerlilik zamanı", EN: "The link works until"}, c.when(d.DownloadUntil))
			c.link = c.page("privacyRequest", "?download="+userToken(d.ID, secret))
			return nil
		}),
	},
}

// erasedKind is the mail of a completed erasure: to the address that asked (the account has no
// address of its own any more), listing each kept kind of record with why and for how long.
var erasedKind = mailKind{
	Subject: i18n.Text{TR: "Verileriniz silindi", EN: "Your data has been erased"},
	Lines: []i18n.Text{{
		TR: "Kişisel verilerinizin silinmesi başvurunuz tamamlandı. Hesabınız kapatıldı ve artık giriş yapılamaz; belgeleriniz, çevirileriniz, mesajlarınız, konuşmalarınız ve kanunun saklamamızı gerektirmediği her kayıt silindi ya da anonim hâle getirildi.",
		EN: "Your request to erase your personal data is complete. Your account is closed and can no longer be signed in to; your documents, translations, messages, chats and every record the law does not make us keep have been erased or anonymised.",
	}, {
		TR: "Aşağıdaki kayıtları kanunun öngördüğü süre boyunca saklıyoruz; süre dolduğunda bunlar da silinir, yok edilir veya anonim hâle getirilir.",
		EN: "We keep the records below for as long as the law requires; when that period ends they are erased, destroyed or anonymised too.",
	}},
	Why: i18n.Text{
		TR: "Bu e-postayı kişisel verilerinizin silinmesini istediğiniz için gönderiyoruz.",
		EN: "You get this mail because you asked for your personal data to be erased.",
	},
	Fill: fillWith(func(c *composer, p privacyMail) error {
		d, err := c.m.privacyStore().Privacy(c.ctx, p.RequestID)
		if err != nil {
			return err
		}
		if d.OpenedAt != nil {
			c.moment(i18n.Text{TR: "Başvuru tarihi", EN: "Asked on"}, *d.OpenedAt)
		}
		for _, part := range d.Parts {
			for _, k := range part.Kept {
				if k.Count == 0 {
					continue
				}
				if rule, ok := privacy.RuleFor(part.Service, k.Collection); ok {
					years := fmt.Sprintf(i18n.Text{TR: "%d yıl", EN: "%d years"}.In(c.lang), rule.Years)
					c.facts = append(c.facts, mailbox.Fact{Label: capitalized(rule.Kept.In(c.lang)), Value: years + " · " + rule.Reason.In(c.lang)})
				}
			}
		}
		return nil
	}),
}

func capitalized(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// confirmLines say what confirming starts: a copy, or (true) an erasure.
var confirmLines = map[bool]i18n.Text{
	false: {
		TR: "Bu adresle, LinguaPort'un hakkınızda tuttuğu verilerin bir kopyası istendi (KVKK md. 11). Başvuruyu siz yaptıysanız aşağıdaki düğmeyle onaylayın; onayınızla başvurunuz başlar ve en geç 30 gün içinde yanıtlanır.",
		EN: "A copy of the data LinguaPort keeps about you was asked for with this address (KVKK art. 11). If it was you, confirm it with the button below; your request then starts and is answered within 30 days at the latest.",
	},
	true: {
		TR: "Bu adresle, LinguaPort'un hakkınızda tuttuğu verilerin silinmesi istendi (KVKK md. 11). Başvuruyu siz yaptıysanız aşağıdaki düğmeyle onaylayın; onayınızla bu adresin hesabı hemen kapatılır, verileriniz kanunun saklamamızı gerektirmediği her şeyiyle silinir ve sonuç en geç 30 gün içinde size bildirilir.",
		EN: "The erasure of the data LinguaPort keeps about you was asked for with this address (KVKK art. 11). If it was you, confirm it with the button below; the account of this address then closes at once, your data is erased except what the law makes us keep, and you are told the outcome within 30 days at the latest.",
	},
}

func requestKindName(kind string) i18n.Text {
	if kind == "erasure" {
		return i18n.Text{TR: "Verilerimin silinmesi", EN: "Erasure of my data"}
	}
	return i18n.Text{TR: "Verilerimin kopyası", EN: "A copy of my data"}
}

// privacyStore is the requests' store the renderer reads a request's mail from.
func (m *Mails) privacyStore() PrivacyStore { return m.store.(PrivacyStore) }

// copyReadme is the ZIP's first file: what the copy is and what each folder holds.
func copyReadme(d *privacyDoc, lang i18n.Lang) string {
	var b strings.Builder
	t := func(x i18n.Text) { b.WriteString(x.In(lang) + "\n") }
	t(i18n.Text{TR: "LinguaPort — Kişisel verilerinizin kopyası", EN: "LinguaPort — A copy of your personal data"})
	b.WriteString("\n")
	t(i18n.Text{
		TR: "Bu dosya, 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun 11. maddesi uyarınca yaptığınız başvuru üzerine, LinguaPort'un hakkınızda tuttuğu verileri içerir.",
		EN: "This file holds the data LinguaPort keeps about you, answering your request under article 11 of the Personal Data Protection Law No. 6698 (KVKK).",
	})
	fmt.Fprintf(&b, "\n%s: %s\n", i18n.Text{TR: "Başvuru", EN: "Request"}.In(lang), d.ID)
	fmt.Fprintf(&b, "%s: %s\n", i18n.Text{TR: "E-posta", EN: "E-mail"}.In(lang), d.Email)
	if d.OpenedAt != nil {
		fmt.Fprintf(&b, "%s: %s\n", i18n.Text{TR: "Başvuru zamanı", EN: "Asked at"}.In(lang), i18n.DateTime(*d.OpenedAt, lang))
	}
	if d.ReadyAt != nil {
		fmt.Fprintf(&b, "%s: %s\n", i18n.Text{TR: "Hazırlanma zamanı", EN: "Prepared at"}.In(lang), i18n.DateTime(*d.ReadyAt, lang))
	}
	b.WriteString("\n")
	t(i18n.Text{TR: "Klasörler (her biri bir hizmetin kendi kayıtları, JSON biçiminde):", EN: "Folders (each one service's own records, as JSON):"})
	for _, f := range readmeFolders {
		files := 0
		for _, p := range d.Parts {
			if strings.TrimPrefix(p.Service, "svc-") == f.name {
				files = p.Files
			}
		}
		count := fmt.Sprintf(i18n.Text{TR: "%d dosya", EN: "%d files"}.In(lang), files)
		if files == 0 {
			// Every service answered; one with nothing about the person says so rather than
			// leave the reader wondering whether it was asked.
			count = i18n.Text{TR: "bu hizmet hakkınızda kayıt tutmuyor", EN: "this service keeps no record of you"}.In(lang)
		}
		fmt.Fprintf(&b, "- %s/: %s (%s)\n", f.name, f.text.In(lang), count)
	}
	b.WriteString("\n")
	t(i18n.Text{
		TR: "Zamanlar UTC olarak (ISO 8601), tutarlar para biriminin en küçük biriminde (kuruş, sent) yazılıdır. Banka hesabı numaraları güvenliğiniz için maskelenmiştir. Sorularınız için kvkk başvurusu yaptığınız adresten bize yazabilirsiniz.",
		EN: "Times are in UTC (ISO 8601); amounts are in the currency's minor unit (kuruş, cents). Bank account numbers are masked for your safety. Write to us from the address you asked with for any question.",
	})
	return b.String()
}

var readmeFolders = []struct {
	name string
	text i18n.Text
}{
	{"auth", i18n.Text{TR: "hesabınız, giriş yöntemleriniz, açık oturumlarınız ve hesabınıza gelen mesajlar", EN: "your account, how you sign in, your open sessions and the messages your account received"}},
	{"orders", i18n.Text{TR: "teklifleriniz, siparişleriniz ve geçmişleri, kabul ettiğiniz sözleşmeler, dosyalarınızın listesi ve yüklediğiniz belgelerin kendileri (files/); çevirmenler için işleri", EN: "your quotes, orders and their history, the contracts you accepted, the list of your files and the documents you uploaded themselves (files/); for translators their jobs"}},
	{"billing", i18n.Text{TR: "fatura bilgileriniz, faturalarınız, ödemeleriniz, bakiye hareketleriniz; çevirmenler için kazançlar ve ödeme talepleri", EN: "your billing details, invoices, payments and balance ledger; for translators their earnings and payouts"}},
	{"translators", i18n.Text{TR: "çevirmen başvurularınız, profiliniz, yetkinlikleriniz, izinleriniz, banka hesaplarınız (maskeli) ve destek talepleriniz", EN: "your translator applications, profile, competencies, vacations, bank accounts (masked) and support tickets"}},
	{"catalog", i18n.Text{TR: "iletişim formu ve kurumsal talepleriniz, canlı destek konuşmalarınız", EN: "your contact and corporate inquiries and your live chats"}},
}
