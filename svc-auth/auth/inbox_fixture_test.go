package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"linguaport/internal/authn"
	"linguaport/internal/i18n"
	"linguaport/internal/testenv"
	"linguaport/svc-auth/auth"
)

// The domain's tests run on a store of their own; the whole service behind its route table is
// tested in svc-auth/api.
func TestMain(m *testing.M) { testenv.Main(m) }

// linkSecret signs the mailed links, as MAIL_LINK_SECRET does; staffAddress is STAFF_MAIL_TO.
var linkSecret = []byte("a-test-secret-for-links-in-mails-0123456789")

const staffAddress = "operasyon@linguaport-test.com.tr"

var seq int

func newID() string {
	seq++
	return time.Now().Format("150405.000000") + "-" + strings.Repeat("x", seq%3) + string(rune('a'+seq%26))
}

// inboxFixture is a store on a fresh database, a way to add an account of a role and to read
// an account's messages in a language as "title | body" lines.
type inboxFixture struct {
	store *auth.MongoStore
	user  func(name, email string, role authn.Role) string
	texts func(id string, lang i18n.Lang) []string
}

func newInboxFixture(t *testing.T) inboxFixture {
	t.Helper()
	ctx := context.Background()
	store, err := auth.NewMongoStore(ctx, testenv.Mongo(t))
	if err != nil {
		t.Fatal(err)
	}
	accounts := auth.NewService(store, nil, nil, newID)
	return inboxFixture{
		store: store,
		user: func(name, email string, role authn.Role) string {
			t.Helper()
			u, err := accounts.CreateUser(ctx, name, email, "Str0ng-Passw0rd!", role)
			if err != nil {
				t.Fatal(err)
			}
			return u.ID
		},
		texts: func(id string, lang i18n.Lang) []string {
			t.Helper()
			msgs, err := store.Messages(ctx, id, lang)
			if err != nil {
				t.Fatal(err)
			}
			out := []string{}
			for _, m := range msgs {
				out = append(out, m.Title+" | "+m.Body)
			}
			return out
		},
	}
}
