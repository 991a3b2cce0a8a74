package catalog

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"linguaport/internal/authn"
	"linguaport/internal/errs"
	"linguaport/internal/events"
	"linguaport/internal/mailbox"
	"linguaport/internal/mongox"
)

// Staff's inquiry list: 50 a page.
const inquiryPageSize = 50

// InquiryFilter selects staff's inquiries; Before is the id of the last one of the previous page.
type InquiryFilter struct {
	Kind, Status, Q, Sort, Before string
}

// InquiryPage is one page of inquiries in the asked order; More says others follow, from
// before=Next.
type InquiryPage struct {
	Inquiries []Inquiry `json:"inquiries"`
	More      bool      `json:"more"`
	Next      string    `json:"next,omitempty"` // the last id, when More
}

func (s *staffService) Inquiries(ctx context.Context, f InquiryFilter) (InquiryPage, error) {
	fields := errs.Fields{}
	if f.Kind != "" && f.Kind != "contact" && f.Kind != "corporate" {
		fields.Add("kind", "kind")
	}
	if f.Status != "" && f.Status != InquiryOpen && f.Status != InquiryHandled {
		fields.Add("status", "inquiryStatus")
	}
	oldest := oldestFirst(f.Sort, fields)
	var after *Inquiry
	if f.Before != "" {
		cur, err := s.store.Inquiry(ctx, f.Before)
		if errors.Is(err, ErrNotFound) {
			fields.Add("before", "before")
		} else if err != nil {
			return InquiryPage{}, err
		}
		after = &cur
	}
	if err := fields.Err(); err != nil {
		return InquiryPage{}, err
	}
	list, err := s.store.Inquiries(ctx, newListing(f.Q, dim{"kind", f.Kind}, dim{"status", f.Status}), oldest, after, inquiryPageSize+1)
	if err != nil {
		return InquiryPage{}, err
	}
	var page InquiryPage
	page.Inquiries, page.More, page.Next = mongox.Cut(list, inquiryPageSize, func(in Inquiry) string { return in.ID })
	return page, nil
}

func (s *staffService) Inquiry(ctx context.Context, id string) (Inquiry, error) {
	return s.store.Inquiry(ctx, id)
}

// handle marks in handled by who at now, unless it is already.
func handle(in *Inquiry, who Staff, now time.Time) {
	if in.Status != InquiryHandled {
		in.Status, in.HandledAt, in.HandledBy = InquiryHandled, &now, &who
	}
}

func (s *staffService) MarkHandled(ctx context.Context, caller authn.Caller, id string) (Inquiry, error) {
	who := actor(caller)
	before, after, err := s.store.ChangeInquiry(ctx, id, func(in *Inquiry) error {
		if in.Status == InquiryHandled {
			return errUnchanged
		}
		handle(in, who, s.stamp())
		in.index()
		return nil
	})
	if errors.Is(err, errUnchanged) {
		return s.store.Inquiry(ctx, id)
	}
	if err != nil {
		return Inquiry{}, err
	}
	s.record(ctx, "inquiry.handled", "inquiry", id, before, after)
	return after, nil
}

// EventReplied says staff answered an inquiry; the answer's mail is queued beside it in the
// inquiry's mailbox (MailRender writes it).
const EventReplied = "inquiry.replied"

type repliedEvent struct {
	InquiryID string `json:"inquiryId"`
	ReplyID   string `json:"replyId"`
}

// sameReplyWithin: a reply with the text of the staff member's last one, this soon after it, is
// the second click of a double click (or a retry of a lost answer), not a new reply.
const sameReplyWithin = time.Minute

func (s *staffService) Reply(ctx context.Context, caller authn.Caller, id, message string) (Inquiry, error) {
	message = strings.TrimSpace(message)
	switch n := utf8.RuneCountInString(message); {
	case n == 0:
		return Inquiry{}, errs.Fields{"message": "required"}
	case n > maxMessage:
		return Inquiry{}, errs.Fields{"message": "replyLength"}
	}
	who := actor(caller)
	before, after, err := s.store.ChangeInquiry(ctx, id, func(in *Inquiry) error {
		now := s.stamp()
		if n := len(in.Replies); n > 0 {
			last := in.Replies[n-1]
			if last.By.ID == who.ID && last.Message == message && now.Sub(last.At) < sameReplyWithin {
				return errUnchanged
			}
		}
		r := Reply{ID: s.newID(), Message: message, At: now, By: who}
		ev, err := events.New(ctx, EventReplied, repliedEvent{InquiryID: in.ID, ReplyID: r.ID})
		if err != nil {
			return err
		}
		m, err := mailbox.New(in.ID+"/"+r.ID, MailReply, in.Email, in.Language, replyMailData{InquiryID: in.ID, ReplyID: r.ID}, now)
		if err != nil {
			return err
		}
		in.Replies = append(slices.Clip(in.Replies), r)
		in.Pending = append(slices.Clip(in.Pending), ev)
		in.Mails = append(slices.Clip(in.Mails), m)
		in.Outbox.Waiting, in.Box.Waiting = true, true
		handle(in, who, now)
		in.index()
		return nil
	})
	if errors.Is(err, errUnchanged) {
		return s.store.Inquiry(ctx, id)
	}
	if err != nil {
		return Inquiry{}, err
	}
	s.kick(id)
	s.record(ctx, "inquiry.reply", "inquiry", id, before, after)
	return after, nil
}
