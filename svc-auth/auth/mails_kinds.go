package auth

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"linguaport/internal/i18n"
	"linguaport/internal/mailbox"
	moneyfmt "linguaport/internal/money"
)

// mailKind is one kind of mail: who may turn it off and what it says. Texts are in both
// languages; {name} is the reader's name, other {placeholders} are what Fill set from the payload.
//
// To add a kind: a constant, an entry in mailKinds or moreKinds, and a queue call where its
// cause is written: in the account's update, with the system message an event becomes
// (messageDoc.withMail), or on its own (MongoStore.AddMail). A mail about an order, a job or a
// payout, or one for staff, is built from its reader (mails_kinds_more.go), which states once
// what those kinds share, so its entry says only what is its own.
type mailKind struct {
	// Category is the preference that turns the kind off (CategoryOffers, CategoryReminders);
	// empty for mails a user must get. Optional mails carry the one-click unsubscribe.
	Category string
	Subject  i18n.Text
	Lines    []i18n.Text
	// Button words the one button; Fill sets where it leads (an absolute link).
	Button i18n.Text
	After  []i18n.Text
	// Why says why the reader gets the mail (and, for optional ones, how to stop it).
	Why i18n.Text
	// Fill reads the payload into the composer: placeholders, facts, the link, extra lines. It
	// may return mailbox.ErrSkip (nothing to say any more) or an error wrapping outbox.ErrDrop.
	Fill func(c *composer) error
}

// The account's own kinds, its support tickets' and its job offers'.
const (
	KindWelcome         = "account.welcome"
	KindVerifyEmail     = "account.verify_email"
	KindPasswordReset   = "account.password_reset"
	KindPasswordChanged = "account.password_changed"
	KindSetPassword     = "account.set_password" // an approved translator's welcome
	KindEmailTaken      = "account.email_taken"  // an approved applicant whose address is another account's
	KindTicketAnswered  = "support.ticket_answered"
	KindJobOffers       = "pool.job_offers"
)

var whySecurity = i18n.Text{
	TR: "Bu e-postayı hesabınızın güvenliği için gönderiyoruz; güvenlik e-postaları kapatılamaz.",
	EN: "You get this mail for the security of your account; security mails cannot be turned off.",
}

// Labels of the facts several kinds show, named once so they read alike in every mail.
var (
	factOrder = i18n.Text{TR: "Sipariş", EN: "Order"}
	factWhen  = i18n.Text{TR: "Zaman", EN: "When"}
	factAsked = i18n.Text{TR: "İstek zamanı", EN: "Asked at"}
	factNote  = i18n.Text{TR: "Not", EN: "Note"}
)

// accountMail is the payload of the account's own mails.
type accountMail struct {
	// Verify: the welcome carries a verification link (derived from the mail's id, its digest
	// kept in the account's Verify).
	Verify bool `json:"verify,omitempty"`
	// Email is the address a verification link is for.
	Email string `json:"email,omitempty"`
	// Name greets a reader who has no account.
	Name string `json:"name,omitempty"`
}

// offersMail is the payload of a batch of job offers.
type offersMail struct {
	Numbers []string `json:"numbers"`
	Count   int      `json:"count"`
}

// fillWith makes a kind's Fill of fill, which reads the payload as a P: every kind with a
// payload starts by decoding it, and one that does not decode is dropped (composer.decode).
func fillWith[P any](fill func(c *composer, p P) error) func(*composer) error {
	return func(c *composer) error {
		var p P
		if err := c.decode(&p); err != nil {
			return err
		}
		return fill(c, p)
	}
}

// moment adds a labelled time; a zero one (a payload that has none, as older events) adds none.
func (c *composer) moment(label i18n.Text, t time.Time) {
	if !t.IsZero() {
		c.fact(label, c.when(t))
	}
}

// money writes an amount in minor units as the site does in the reader's language.
func (c *composer) money(minor int64, currency string) string {
	return moneyfmt.Format(minor, currency, string(c.lang))
}

// passwordLink issues the password token this mail's id derives for purpose, working for ttl,
// and points the button at the page that uses it. The token is issued when the mail goes, so
// its time starts when the reader can use it; a mail rendered again (a retried send) issues
// the same token once.
func (c *composer) passwordLink(purpose string, ttl time.Duration) error {
	token := c.m.links.mailToken(purpose, c.mail.ID)
	if err := c.m.resets.IssueResetToken(c.ctx, c.user.ID, token, ttl); err != nil {
		return err
	}
	c.link = c.page("reset", "?token="+token)
	return nil
}

var mailKinds = map[string]mailKind{
	KindWelcome: {
		Subject: i18n.Text{TR: "LinguaPort'a hoş geldiniz", EN: "Welcome to LinguaPort"},
		Lines: []i18n.Text{{
			TR: "Hesabınız oluşturuldu. Artık anında fiyat alabilir, teklif onaylayabilir, siparişlerinizi ve dosyalarınızı tek yerden takip edebilirsiniz.",
			EN: "Your account is ready. You can now get instant prices, approve quotes and follow your orders and files in one place.",
		}},
		Button: i18n.Text{TR: "Hesabıma git", EN: "Go to my account"},
		Why: i18n.Text{
			TR: "Bu e-postayı bu adresle bir LinguaPort hesabı açıldığı için gönderiyoruz. Hesabı siz açmadıysanız bu e-postayı dikkate almayın.",
			EN: "You get this mail because a LinguaPort account was opened with this address. If it was not you, ignore this mail.",
		},
		Fill: fillWith(func(c *composer, p accountMail) error {
			if p.Verify && c.verifiable(p.Email) {
				return c.verifyLink(i18n.Text{
					TR: "E-posta adresinizin size ait olduğunu aşağıdaki düğmeyle doğrulayın. Bağlantı 7 gün geçerlidir; doğrulamadan da sipariş verebilirsiniz.",
					EN: "Please confirm with the button below that this e-mail address is yours. The link works for 7 days; you can order before you confirm.",
				})
			}
			c.link = c.page("overview")
			return nil
		}),
	},
	KindVerifyEmail: {
		Subject: i18n.Text{TR: "E-posta adresinizi doğrulayın", EN: "Confirm your e-mail address"},
		Why: i18n.Text{
			TR: "Bu e-postayı LinguaPort hesabınızdan yeni bir doğrulama bağlantısı istendiği için gönderiyoruz.",
			EN: "You get this mail because a new confirmation link was asked for from your LinguaPort account.",
		},
		Fill: fillWith(func(c *composer, p accountMail) error {
			if !c.verifiable(p.Email) {
				return fmt.Errorf("the address is confirmed already or changed: %w", mailbox.ErrSkip)
			}
			return c.verifyLink(i18n.Text{
				TR: "LinguaPort hesabınızın e-posta adresini doğrulamak için aşağıdaki düğmeye tıklayın. Bağlantı 7 gün geçerlidir ve bir kez kullanılır.",
				EN: "Click the button below to confirm the e-mail address of your LinguaPort account. The link works for 7 days, once.",
			})
		}),
	},
	KindPasswordReset: {
		Subject: i18n.Text{TR: "LinguaPort parolanızı sıfırlayın", EN: "Reset your LinguaPort password"},
		Lines: []i18n.Text{{
			TR: "LinguaPort hesabınızın parolasını sıfırlamak için bir istek aldık. Yeni parolanızı belirlemek için bir saat içinde aşağıdaki bağlantıyı açın.",
			EN: "Someone (hopefully you) asked to reset the password of your LinguaPort account. Open the link below within one hour to choose a new password.",
		}},
		Button: i18n.Text{TR: "Yeni parola belirleyin", EN: "Choose a new password"},
		After: []i18n.Text{{
			TR: "Bağlantı yalnızca bir kez kullanılabilir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; parolanız değişmez.",
			EN: "The link works once. If you did not ask for it, ignore this mail: your password stays as it is.",
		}},
		Why: whySecurity,
		Fill: func(c *composer) error {
			if c.user == nil {
				return fmt.Errorf("a reset link for no account: %w", mailbox.ErrSkip)
			}
			c.fact(factAsked, c.when(c.mail.CreatedAt))
			return c.passwordLink("reset", ResetTokenTTL)
		},
	},
	KindPasswordChanged: {
		Subject: i18n.Text{TR: "LinguaPort parolanız değiştirildi", EN: "Your LinguaPort password was changed"},
		Lines: []i18n.Text{{
			TR: "LinguaPort hesabınızın parolası değiştirildi ve diğer cihazlardaki oturumlar kapatıldı.",
			EN: "The password of your LinguaPort account was changed, and sessions on other devices were signed out.",
		}},
		Button: i18n.Text{TR: "Giriş sayfasına gidin", EN: "Go to the login page"},
		After: []i18n.Text{{
			TR: "Bunu siz yaptıysanız başka bir şey yapmanız gerekmez. Siz yapmadıysanız hemen giriş sayfasında “Parolamı unuttum” ile yeni bir parola belirleyin ve destek ekibimize yazın.",
			EN: "If it was you, there is nothing more to do. If it was not, choose a new password at once with “Forgot your password?” on the login page, and write to our support team.",
		}},
		Why: whySecurity,
		Fill: func(c *composer) error {
			c.fact(i18n.Text{TR: "Değişiklik zamanı", EN: "Changed at"}, c.when(c.mail.CreatedAt))
			c.link = c.page("login")
			return nil
		},
	},
	KindSetPassword: {
		Subject: i18n.Text{TR: "LinguaPort'a hoş geldiniz: parolanızı belirleyin", EN: "Welcome to LinguaPort: set your password"},
		Lines: []i18n.Text{{
			TR: "LinguaPort'ta tercümanlık başvurunuz onaylandı. Ekibimize hoş geldiniz!",
			EN: "Your application to translate for LinguaPort has been approved. Welcome to the team!",
		}, {
			TR: "Tercüman hesabınız hazır. Parolanızı belirlemek için yedi gün içinde aşağıdaki bağlantıyı açın.",
			EN: "Your translator account is ready. Open the link below within seven days to choose your password.",
		}},
		Button: i18n.Text{TR: "Parolamı belirle", EN: "Choose my password"},
		After: []i18n.Text{{
			TR: "Bağlantı yalnızca bir kez kullanılabilir. Ardından bu e-posta adresi ve parolanızla giriş yapabilirsiniz. Süresi geçerse giriş sayfasından “Parolamı unuttum” ile yeni bir bağlantı isteyin.",
			EN: "The link works once. After that, sign in with this e-mail address and your password. If it has run out, ask for a new one with “Forgot your password?” on the login page.",
		}},
		Why: i18n.Text{
			TR: "Bu e-postayı LinguaPort'a yaptığınız tercümanlık başvurusu onaylandığı için gönderiyoruz.",
			EN: "You get this mail because your application to translate for LinguaPort was approved.",
		},
		Fill: func(c *composer) error {
			if c.user == nil || c.user.PasswordHash != "" {
				return fmt.Errorf("the translator has a password already: %w", mailbox.ErrSkip)
			}
			return c.passwordLink("set-password", SetPasswordTTL)
		},
	},
	KindEmailTaken: {
		Subject: i18n.Text{TR: "LinguaPort tercüman hesabınız", EN: "Your LinguaPort translator account"},
		Lines: []i18n.Text{{
			TR: "LinguaPort'ta tercümanlık başvurunuz onaylandı. Ancak bu e-posta adresi zaten bir LinguaPort hesabına ait ve bir hesap aynı anda hem müşteri hem tercüman hesabı olamaz. Mevcut hesabınız olduğu gibi kalır.",
			EN: "Your application to translate for LinguaPort has been approved. However, this e-mail address already belongs to a LinguaPort account, and an account can only be a customer's or a translator's, not both. Your existing account stays as it is.",
		}, {
			TR: "Tercüman hesabınız için başka bir e-posta adresini bu e-postayı yanıtlayarak ya da destek ekibimize yazarak bildirin; hesabınızı o adresle açalım.",
			EN: "Please reply to this mail or write to our support team with another e-mail address for your translator account, and we will set it up.",
		}},
		Why: i18n.Text{
			TR: "Bu e-postayı LinguaPort'a yaptığınız tercümanlık başvurusu hakkında gönderiyoruz.",
			EN: "You get this mail about your application to translate for LinguaPort.",
		},
		Fill: fillWith(func(c *composer, p accountMail) error {
			c.set("name", p.Name)
			return nil
		}),
	},
	KindTicketAnswered: {
		Subject: i18n.Text{TR: "Destek talebiniz yanıtlandı: {subject}", EN: "Your support ticket was answered: {subject}"},
		Lines: []i18n.Text{{
			TR: "Destek ekibimiz “{subject}” konulu talebinizi yanıtladı. Yanıtı okumak ve gerekirse aynı talepten yazmaya devam etmek için giriş yapın.",
			EN: "Our support team answered your ticket “{subject}”. Sign in to read the reply, and write back in the same ticket if you need to.",
		}},
		Button: i18n.Text{TR: "Yanıtı okuyun", EN: "Read the reply"},
		Why: i18n.Text{
			TR: "Bu e-postayı LinguaPort'ta açtığınız destek talebi yanıtlandığı için gönderiyoruz.",
			EN: "You get this mail because a support ticket you opened at LinguaPort was answered.",
		},
		Fill: fillWith(func(c *composer, p TicketAnswered) error {
			c.set("subject", p.Subject)
			c.link = c.page("ticket", p.TicketID)
			return nil
		}),
	},
	KindJobOffers: {
		Category: CategoryOffers,
		Subject:  i18n.Text{TR: "Havuzunuzda yeni işler var ({count})", EN: "New jobs in your pool ({count})"},
		Lines: []i18n.Text{{
			TR: "Uzmanlığınıza uygun yeni işler iş havuzunuza düştü. İnceleyip alabilirsiniz; ilk alan çevirmen işi üstlenir.",
			EN: "New jobs that match your profile entered your job pool. Look at them and take one; the first translator to take a job gets it.",
		}},
		Button: i18n.Text{TR: "İş havuzunu açın", EN: "Open your job pool"},
		Why: i18n.Text{
			TR: "Bu e-postayı LinguaPort çevirmeni olduğunuz ve iş teklifi e-postaları açık olduğu için gönderiyoruz. Hesap ayarlarınızdan ya da aşağıdaki bağlantıyla kapatabilirsiniz.",
			EN: "You get this mail because you translate for LinguaPort and job offer mails are on. Turn them off in your account settings or with the link below.",
		},
		Fill: fillWith(func(c *composer, p offersMail) error {
			c.set("count", strconv.Itoa(max(p.Count, len(p.Numbers))))
			c.fact(i18n.Text{TR: "İşler", EN: "Jobs"}, strings.Join(p.Numbers, ", "))
			c.link = c.page("jobPool")
			return nil
		}),
	},
}
