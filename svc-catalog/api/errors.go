package api

import (
	"errors"
	"fmt"
	"net/http"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-catalog/catalog"
	"linguaport/svc-catalog/chat"
)

// The one place svc-catalog's errors become answers, each worded in Turkish and English: the
// catalogue's (catalog.Err…), staff's, the chat's (chat.Err…), and what the transport could not
// read from a request (httpx's own).

// encodeError answers the service's errors in the request's language.
var encodeError = httpx.ErrorEncoder(problemOf)

// problemOf maps the catalogue's and the chat's errors to their answers; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	switch {
	case errors.As(err, &fields):
		return httpx.ErrValidation.WithFields(fields, fieldWord)
	case errors.Is(err, catalog.ErrTooManyInquiries):
		return problemRateLimited
	case errors.Is(err, catalog.ErrNotFound):
		return problemNotFound
	case errors.Is(err, catalog.ErrUnknownLanguage):
		return problemLanguage
	case errors.Is(err, catalog.ErrUnknownCategory):
		return problemCategory
	case errors.Is(err, catalog.ErrStale):
		return problemStale
	case errors.Is(err, catalog.ErrSlugTaken):
		return problemSlugTaken
	case errors.Is(err, catalog.ErrTranslationTaken):
		return problemTranslationTaken
	case errors.Is(err, catalog.ErrPostPublished):
		return problemPostPublished
	case errors.Is(err, chat.ErrTooManyMessages):
		return problemChatRateLimited
	case errors.Is(err, chat.ErrNotFound):
		return problemConversationNotFound
	case errors.Is(err, chat.ErrUnknownCursor):
		return problemChatCursor
	}
	return nil
}

// The catalogue's: its public content and visitors' inquiries.
var (
	problemNotFound = httpx.NewProblem(http.StatusNotFound, "not_found",
		i18n.Text{TR: "Aradığınız içerik bulunamadı.", EN: "The content you are looking for was not found."})
	problemLanguage = httpx.NewProblem(http.StatusBadRequest, "invalid_language",
		i18n.Text{TR: "Dil tr veya en olmalı.", EN: "The language must be tr or en."}).
		WithField("lang", i18n.Text{TR: "tr veya en seçin.", EN: "Choose tr or en."})
	problemCategory = httpx.NewProblem(http.StatusBadRequest, "invalid_category",
		i18n.Text{TR: "Bilinmeyen SSS kategorisi.", EN: "Unknown FAQ category."}).
		WithField("category", i18n.Text{TR: "general, pricing, quality, delivery veya technical olmalı.", EN: "Must be general, pricing, quality, delivery or technical."})
	problemRateLimited = httpx.NewProblem(http.StatusTooManyRequests, "too_many_requests",
		i18n.Text{TR: "Çok fazla mesaj gönderdiniz. Lütfen daha sonra tekrar deneyin.", EN: "You have sent too many messages. Please try again later."})
)

// fieldTexts explain each validation reason per field, on the visitors' forms and in the chat.
var fieldTexts = map[string]map[string]i18n.Text{
	"name": {
		"required": {TR: "Adınızı girin.", EN: "Enter your name."},
		"length":   {TR: "Ad 2 ile 100 karakter arasında olmalı.", EN: "The name must be 2 to 100 characters."},
	},
	"email": {
		"required": {TR: "E-posta adresinizi girin.", EN: "Enter your email address."},
		"email":    {TR: "Geçerli bir e-posta adresi girin.", EN: "Enter a valid email address."},
	},
	"phone":   {"phone": {TR: "Geçerli bir telefon numarası girin (7–15 rakam).", EN: "Enter a valid phone number (7–15 digits)."}},
	"company": {"required": {TR: "Kurumsal talepler için şirket adını girin.", EN: "Enter your company name for corporate requests."}, "length": {TR: "Şirket adı en fazla 120 karakter olabilir.", EN: "The company name can be at most 120 characters."}},
	"message": {
		"required": {TR: "Mesajınızı yazın.", EN: "Write your message."},
		"length":   {TR: "Mesaj 10 ile 5000 karakter arasında olmalı.", EN: "The message must be 10 to 5000 characters."},
	},
	"kind":     {"kind": {TR: "Talep türü contact veya corporate olmalı.", EN: "The request kind must be contact or corporate."}},
	"language": {"language": {TR: "Dil tr veya en olmalı.", EN: "The language must be tr or en."}},
	"page":     {"page": {TR: "Sayfa 1 veya daha büyük bir tam sayı olmalı.", EN: "The page must be a whole number of 1 or more."}},
	"pageSize": {"pageSize": {TR: "Sayfa boyutu 1 ile 50 arasında olmalı.", EN: "The page size must be between 1 and 50."}},
	// The chat's own fields (its name, email and language are worded as the inquiries' are).
	"text": {
		"required": {TR: "Mesajınızı yazın.", EN: "Write your message."},
		"length":   {TR: "Mesaj en fazla 2000 karakter olabilir.", EN: "A message can be at most 2000 characters."},
	},
	"key":    {"length": {TR: "İstek anahtarı en fazla 100 karakter olabilir.", EN: "The request key can be at most 100 characters."}},
	"status": {"chatStatus": {TR: "Durum open veya closed olmalı.", EN: "The status must be open or closed."}},
}

// fieldWord is the visitors' forms' word for a field error, else the staff forms'.
func fieldWord(field, reason string) i18n.Text {
	if w, ok := fieldTexts[field][reason]; ok {
		return w
	}
	w, _ := staffFieldWord(field, reason)
	return w
}

// The back office's: staff's content and inquiries.
var (
	problemStale = httpx.NewProblem(http.StatusConflict, "stale",
		i18n.Text{TR: "Bu kayıt siz açtıktan sonra başka biri tarafından değiştirildi. Lütfen yeniden yükleyip değişikliğinizi tekrar yapın.",
			EN: "Someone else changed this since you opened it. Please reload it and make your change again."})
	problemSlugTaken = httpx.NewProblem(http.StatusConflict, "slug_taken",
		i18n.Text{TR: "Bu dilde bu adresi kullanan başka bir yazı var.", EN: "Another post in this language uses this slug."}).
		WithField("slug", i18n.Text{TR: "Başka bir adres seçin.", EN: "Choose another slug."})
	problemTranslationTaken = httpx.NewProblem(http.StatusConflict, "translation_taken",
		i18n.Text{TR: "Bu dilde bu çeviri anahtarına bağlı başka bir yazı var.", EN: "Another post in this language has this translation key."}).
		WithField("translationKey", i18n.Text{TR: "Diğer dildeki yazının anahtarını ya da yeni bir anahtar girin.", EN: "Enter the key of the post in the other language, or a new one."})
	problemPostPublished = httpx.NewProblem(http.StatusConflict, "post_published",
		i18n.Text{TR: "Yayımlanmış ya da daha önce yayımlanmış bir yazı silinemez; yayından kaldırabilirsiniz.",
			EN: "A post that is or was published cannot be deleted; you can unpublish it."})
)

// staffFieldWord explains the staff forms' field errors; the lengths come from the catalogue's
// (catalog.TextLimits).
func staffFieldWord(field, reason string) (i18n.Text, bool) {
	switch reason {
	case "required":
		return i18n.Text{TR: "Bu alanı doldurun.", EN: "Fill in this field."}, true
	case "length":
		if lo, hi, ok := catalog.TextLimits(field); ok {
			return i18n.Text{TR: fmt.Sprintf("%d ile %d karakter arasında olmalı.", lo, hi),
				EN: fmt.Sprintf("Must be %d to %d characters.", lo, hi)}, true
		}
	}
	w, ok := staffWords[reason]
	return w, ok
}

var staffWords = map[string]i18n.Text{
	"lang":          {TR: "tr veya en seçin.", EN: "Choose tr or en."},
	"slug":          {TR: "Yalnızca küçük harf (a–z), rakam ve tek tire kullanın; tireyle başlamasın, bitmesin.", EN: "Use only lower-case letters (a–z), digits and single hyphens, not at either end."},
	"url":           {TR: "Sitedeki bir yol (/ ile başlayan) ya da https:// ile başlayan bir adres girin.", EN: "Enter a path on the site (starting with /) or an address starting with https://."},
	"status":        {TR: "draft veya published olmalı.", EN: "Must be draft or published."},
	"inquiryStatus": {TR: "open veya handled olmalı.", EN: "Must be open or handled."},
	"before":        {TR: "Sayfa imleci bilinen bir talebin kimliği olmalı.", EN: "The page cursor must be the id of a known inquiry."},
	"postBefore":    {TR: "Sayfa imleci bilinen bir yazının kimliği olmalı.", EN: "The page cursor must be the id of a known post."},
	"invalid":       {TR: "Sıralama newest veya oldest olmalı.", EN: "The sort must be newest or oldest."},
	"category":      {TR: "general, pricing, quality, delivery veya technical olmalı.", EN: "Must be general, pricing, quality, delivery or technical."},
	"order":         {TR: "0 ile 10000 arasında bir tam sayı olmalı.", EN: "Must be a whole number from 0 to 10000."},
	"service":       {TR: "Katalogdaki bir hizmet seçin.", EN: "Choose a service of the catalogue."},
	"language":      {TR: "Katalogdaki bir dil seçin.", EN: "Choose a language of the catalogue."},
	"same":          {TR: "Kaynak dilden farklı olmalı.", EN: "Must differ from the source language."},
	"replyLength":   {TR: "Yanıt en fazla 5000 karakter olabilir.", EN: "The reply can be at most 5000 characters."},
	"rating":        {TR: "1 ile 5 arasında olmalı.", EN: "Must be from 1 to 5."},
	"count":         {TR: "1 ile 100.000.000 arasında bir tam sayı olmalı.", EN: "Must be a whole number from 1 to 100,000,000."},
	"days":          {TR: "0 ile 365 arasında bir tam sayı olmalı.", EN: "Must be a whole number from 0 to 365."},
}

// The chat's. Its field errors are worded by fieldWord too: the fields it alone checks (text,
// key) are in fieldTexts, and a wrong conversation status is the reason chatStatus.
var (
	problemConversationNotFound = httpx.NewProblem(http.StatusNotFound, "not_found",
		i18n.Text{TR: "Görüşme bulunamadı.", EN: "The conversation was not found."})
	problemChatRateLimited = httpx.NewProblem(http.StatusTooManyRequests, "too_many_requests",
		i18n.Text{TR: "Çok hızlı mesaj gönderiyorsunuz. Lütfen biraz bekleyin.", EN: "You are sending messages too fast. Please wait a moment."})
	problemChatCursor = httpx.ErrValidation.WithField("before",
		i18n.Text{TR: "Sayfa imleci bilinen bir görüşmenin kimliği olmalı.", EN: "The page cursor must be the id of a known conversation."})
)
