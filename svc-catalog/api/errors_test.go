package api

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"linguaport/internal/errs"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// The catalogue and the chat share one problemOf: each domain's errors keep their own answers
// (a conversation is not "content"), and the field words of the two never mix, e.g. a post's
// status and a conversation's status.
func TestEachDomainKeepsItsWords(t *testing.T) {
	for _, c := range []struct {
		err          error
		status       int
		field, words string
	}{
		{catalog.ErrNotFound, http.StatusNotFound, "", "The content you are looking for was not found."},
		{chat.ErrNotFound, http.StatusNotFound, "", "The conversation was not found."},
		{fmt.Errorf("wrapped: %w", chat.ErrTooManyMessages), http.StatusTooManyRequests, "", "You are sending messages too fast. Please wait a moment."},
		{catalog.ErrTooManyInquiries, http.StatusTooManyRequests, "", "You have sent too many messages. Please try again later."},
		{errs.Fields{"status": "status"}, http.StatusBadRequest, "status", "Must be draft or published."},
		{errs.Fields{"status": "chatStatus"}, http.StatusBadRequest, "status", "The status must be open or closed."},
		{errs.Fields{"text": "required"}, http.StatusBadRequest, "text", "Write your message."},
		{errs.Fields{"message": "required"}, http.StatusBadRequest, "message", "Write your message."},
		{errs.Fields{"title": "length"}, http.StatusBadRequest, "title", "Must be 2 to 200 characters."},
		{chat.ErrUnknownCursor, http.StatusBadRequest, "before", "The page cursor must be the id of a known conversation."},
	} {
		p := problemOf(c.err)
		if p == nil {
			t.Errorf("%v: no answer", c.err)
			continue
		}
		got := p.Message.EN
		if c.field != "" {
			got = p.Fields[c.field].EN
		}
		if p.Status != c.status || got != c.words || (c.field != "" && p.Fields[c.field].TR == "") {
			t.Errorf("%v: %d %q, want %d %q", c.err, p.Status, got, c.status, c.words)
		}
	}
}

// What the domains' logging counts as refused (catalog.Refused, chat.Refused) is exactly what
// errors.go explains to the caller, as when the logging asked the transport.
func TestRefusedIsWhatIsExplained(t *testing.T) {
	failure := errors.New("mongo: connection refused")
	for _, err := range []error{catalog.ErrNotFound, catalog.ErrUnknownLanguage, catalog.ErrUnknownCategory,
		catalog.ErrTooManyInquiries, catalog.ErrStale, catalog.ErrSlugTaken, catalog.ErrTranslationTaken,
		catalog.ErrPostPublished, errs.Fields{"name": "required"}, failure} {
		if catalog.Refused(err) != (problemOf(err) != nil) {
			t.Errorf("catalog: %v refused %v", err, catalog.Refused(err))
		}
	}
	for _, err := range []error{chat.ErrNotFound, chat.ErrTooManyMessages, chat.ErrUnknownCursor, errs.Fields{"text": "length"}, failure} {
		if chat.Refused(err) != (problemOf(err) != nil) {
			t.Errorf("chat: %v refused %v", err, chat.Refused(err))
		}
	}
}
