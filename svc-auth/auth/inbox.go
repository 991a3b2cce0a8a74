package auth

import (
	"context"
	"fmt"

	"linguaport/internal/events"
)

// Events svc-auth publishes on its stream (events.Stream("auth")).
const EventRegistered = "account.registered"

// Registered is the payload of account.registered.
type Registered struct {
	UserID   string `json:"userId"`
	FullName string `json:"fullName"`
	Email    string `json:"email"`
	Lang     string `json:"lang"`
}

// InboxHandler turns events into system messages (spec §2, customer panel). Other services'
// events (quotes, orders, invoices) join here as they appear; the message id is derived from the
// event id, so a redelivered event leaves one message.
func InboxHandler(inbox *InboxStore) events.Handler {
	return func(ctx context.Context, e events.Event) error {
		switch e.Type {
		case EventRegistered:
			var p Registered
			if err := e.Decode(&p); err != nil {
				return fmt.Errorf("%s payload: %w", e.Type, err)
			}
			return inbox.Add(ctx, messageDoc{
				ID:     "welcome-" + e.ID,
				UserID: p.UserID,
				Title:  localized{TR: "LinguaPort’a hoş geldiniz", EN: "Welcome to LinguaPort"},
				Body: localized{
					TR: fmt.Sprintf("Merhaba %s, hesabınız oluşturuldu. Artık anında fiyat alabilir, teklif onaylayabilir, siparişlerinizi ve dosyalarınızı tek yerden takip edebilirsiniz. Sorularınız için destek ekibimiz 7/24 yanınızda.", p.FullName),
					EN: fmt.Sprintf("Hello %s, your account is ready. You can now get instant prices, approve quotes and follow your orders and files in one place. Our support team is here for you 24/7.", p.FullName),
				},
				CreatedAt: e.OccurredAt,
			})
		}
		return nil // events meant for other consumers
	}
}

// resetMail is the password reset mail in the user's language.
func resetMail(lang, name, link string) (subject, body string) {
	if lang == "en" {
		return "Reset your LinguaPort password", fmt.Sprintf(`Hello %s,

Someone (hopefully you) asked to reset the password of your LinguaPort account. Open this link within one hour to choose a new password:

%s

The link works once. If you did not ask for it, ignore this mail: your password stays as it is.

LinguaPort`, name, link)
	}
	return "LinguaPort parolanızı sıfırlayın", fmt.Sprintf(`Merhaba %s,

LinguaPort hesabınızın parolasını sıfırlamak için bir istek aldık. Yeni parolanızı belirlemek için bir saat içinde bu bağlantıyı açın:

%s

Bağlantı yalnızca bir kez kullanılabilir. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın; parolanız değişmez.

LinguaPort`, name, link)
}
