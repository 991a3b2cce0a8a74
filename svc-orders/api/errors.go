package api

import (
	"errors"
	"fmt"
	"net/http"

	"linguaport/counting"
	"linguaport/internal/authn"
	"linguaport/internal/documents"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	"linguaport/svc-orders/contracts"
	"linguaport/svc-orders/files"
	"linguaport/svc-orders/internal/newest"
	"linguaport/svc-orders/orders"
	"linguaport/svc-orders/pool"
	"linguaport/svc-orders/pricing"
	"linguaport/svc-orders/quotes"
)

// encodeError answers every error of svc-orders: the services' own through explain, the rest
// (a malformed body, an access check, a failure) as internal/httpx does.
var encodeError = httpx.ErrorEncoder(explain)

var msgCurrency = i18n.Text{TR: "Bilinmeyen para birimi.", EN: "Unknown currency."}

// The answers to the services' errors, but for field errors and illegal moves, whose words
// depend on the error.
var (
	problemCurrency = httpx.NewProblem(http.StatusBadRequest, "unknown_currency", msgCurrency).WithField("currency", msgCurrency)
	problemNoPrice  = httpx.NewProblem(http.StatusServiceUnavailable, "no_price_list",
		i18n.Text{TR: "Fiyat listesi şu anda kullanılamıyor.", EN: "The price list is not available right now."})

	problemNoFile = httpx.NewProblem(http.StatusBadRequest, "no_file",
		i18n.Text{TR: "Yüklenecek bir dosya seçin.", EN: "Choose a file to upload."})
	problemTooLarge = httpx.NewProblem(http.StatusRequestEntityTooLarge, "file_too_large",
		i18n.Text{TR: "Dosya 50 MB sınırını aşıyor.", EN: "The file is larger than the 50 MB limit."})
	problemType = httpx.NewProblem(http.StatusUnsupportedMediaType, "unsupported_type", i18n.Text{
		TR: "Bu dosya türünü desteklemiyoruz. Desteklenen türler: txt, docx, xlsx, pptx, odt, ods, odp, html, srt, vtt, pdf, mp3, wav, mp4, m4a.",
		EN: "We do not support this file type. Supported types: txt, docx, xlsx, pptx, odt, ods, odp, html, srt, vtt, pdf, mp3, wav, mp4, m4a.",
	})
	problemMismatch = httpx.NewProblem(http.StatusUnprocessableEntity, "content_mismatch",
		i18n.Text{TR: "Dosyanın içeriği uzantısıyla uyuşmuyor.", EN: "The file's content does not match its extension."})
	problemBomb = httpx.NewProblem(http.StatusUnprocessableEntity, "archive_too_large",
		i18n.Text{TR: "Dosya açıldığında izin verilen boyutu aşıyor.", EN: "The file expands beyond the allowed size when unpacked."})
	problemMalformed = httpx.NewProblem(http.StatusUnprocessableEntity, "malformed_document",
		i18n.Text{TR: "Dosya okunamadı; bozuk olabilir.", EN: "The file could not be read; it may be damaged."})
	problemTooManyFiles = httpx.NewProblem(http.StatusUnprocessableEntity, "too_many_files",
		i18n.Text{TR: "Bir siparişe en fazla 20 dosya eklenebilir.", EN: "An order can have at most 20 files."})
	problemTooManyUploads = httpx.NewProblem(http.StatusTooManyRequests, "too_many_uploads",
		i18n.Text{TR: "Çok fazla dosya yüklediniz; lütfen biraz sonra tekrar deneyin.", EN: "You have uploaded too many files; please try again a little later."})

	problemQuoteExpired = httpx.NewProblem(http.StatusConflict, "quote_expired",
		i18n.Text{TR: "Bu teklifin süresi doldu; lütfen yeni bir teklif alın.", EN: "This quote has expired; please request a new one."})
	problemQuoteDecided = httpx.NewProblem(http.StatusConflict, "quote_not_pending",
		i18n.Text{TR: "Bu teklif için zaten karar verilmiş.", EN: "This quote has already been decided."})

	problemRevisionWindow = httpx.NewProblem(http.StatusConflict, "revision_window_closed",
		i18n.Text{TR: "Ücretsiz düzeltme süresi (teslimden sonra 7 gün) doldu.", EN: "The free revision period (7 days after delivery) has ended."})
	problemNotYourOrder = httpx.NewProblem(http.StatusForbidden, "not_your_order",
		i18n.Text{TR: "Bu işlemi yalnızca siparişin sahibi yapabilir.", EN: "Only the customer who placed the order can do this."})
	problemNotAssigned = httpx.NewProblem(http.StatusForbidden, "not_assigned_to_you",
		i18n.Text{TR: "Bu sipariş size atanmamış.", EN: "This order is not assigned to you."})

	problemAlreadyTaken = httpx.NewProblem(http.StatusConflict, "already_taken",
		i18n.Text{TR: "Bu işi başka bir çevirmen aldı.", EN: "Another translator has taken this job."})
	problemOrderChanged = httpx.NewProblem(http.StatusConflict, "order_changed",
		i18n.Text{TR: "Sipariş siz bakarken değişti (örneğin başka bir personel atadı); lütfen yeniden bakın.", EN: "The order changed while you were looking (another staff member assigned it, say); please look again."})
	problemNoFulfilment = httpx.NewProblem(http.StatusConflict, "no_fulfilment",
		i18n.Text{TR: "Bu siparişte yeminli, noter ya da apostil işlemi yok.", EN: "This order has no sworn, notary or apostille work."})
	problemExpectedDateFixed = httpx.NewProblem(http.StatusConflict, "expected_date_fixed",
		i18n.Text{TR: "Bu siparişin teslim tarihi şu anda değiştirilemez: tarih ödemeyle belirlenir ve iş teslim edildikten sonra değişmez.", EN: "This order's expected date cannot be changed now: it is set by the payment and no longer changes once the work is delivered."})
	problemNotTranslated = httpx.NewProblem(http.StatusConflict, "not_translated",
		i18n.Text{TR: "Çeviri henüz teslim edilmedi; evrak adımları teslimden sonra başlar.", EN: "The translation is not delivered yet; the paper work starts after the delivery."})
	problemPriceChanged = httpx.NewProblem(http.StatusConflict, "price_changed",
		i18n.Text{TR: "Teklifin fiyatı siz baktıktan sonra değişti; lütfen yeni fiyata bakıp yeniden onaylayın.", EN: "The price of this quote changed after you looked; please look at the new price and approve again."})
	problemQuoteCancelled = httpx.NewProblem(http.StatusConflict, "quote_cancelled",
		i18n.Text{TR: "Bu teklif iptal edildi; onaylanamaz.", EN: "This quote was cancelled; it can no longer be approved."})
	// problemBillingDetails: approving issues the invoice at once, to the billing details saved
	// then; the page asks for them and approves again.
	problemBillingDetails = httpx.NewProblem(http.StatusConflict, "billing_details_required",
		i18n.Text{TR: "Fatura bilgilerinizi kaydedin; fatura bu bilgilerle kesilir.", EN: "Save your billing details first: the invoice is issued to them."})
	// The contract of an approval (contracts): a box left unticked, or a text other than the
	// one the customer would accept now (their details or the price changed after they read it).
	problemNotAccepted = httpx.NewProblem(http.StatusUnprocessableEntity, "contract_not_accepted",
		i18n.Text{TR: "Onaylamak için sözleşmedeki kutuları işaretleyin.", EN: "Tick the contract's boxes to approve."})
	problemContractChanged = httpx.NewProblem(http.StatusConflict, "contract_changed",
		i18n.Text{TR: "Sözleşme siz okuduktan sonra değişti (fatura bilgileriniz ya da fiyat değişmiş olabilir); lütfen yeniden okuyup onaylayın.", EN: "The contract changed after you read it (your billing details or the price may have changed); please read it again and approve."})
	problemBeingApproved = httpx.NewProblem(http.StatusConflict, "quote_being_approved",
		i18n.Text{TR: "Müşteri bu teklifi şu anda onaylıyor; lütfen biraz sonra yeniden bakın.", EN: "The customer is approving this quote right now; please look again in a moment."})
	// problemAtCap is a translator claiming a job with no room left under their active-job cap:
	// unlike already_taken the job is still there for someone else, or for them after a delivery.
	problemAtCap = httpx.NewProblem(http.StatusConflict, "at_cap",
		i18n.Text{TR: "Aynı anda alabileceğiniz en fazla iş sayısına ulaştınız; yeni bir iş almak için önce birini teslim edin.", EN: "You already have as many active jobs as your limit allows; deliver one before taking another."})
	// problemSandboxOrder: staff giving a sandbox order to a translator; the simulated one works it.
	problemSandboxOrder = httpx.NewProblem(http.StatusConflict, "sandbox_order",
		i18n.Text{TR: "Bu bir deneme (sandbox) siparişi: deneme çevirmeni üstlenir, gerçek bir çevirmene verilemez.", EN: "This is a sandbox order: the sandbox translator works it, and it cannot be given to a real translator."})
	problemUnclaimWindow = httpx.NewProblem(http.StatusConflict, "unclaim_window_over",
		i18n.Text{TR: "Bir iş yalnızca havuzdan alındıktan sonraki bir saat içinde geri bırakılabilir.", EN: "A job can be given back only within an hour of taking it from the pool."})
)

// explain maps the errors the services of svc-orders answer with to their Problems; nil for
// errors that are not theirs.
func explain(err error) *httpx.Problem {
	var (
		fields     errs.Fields
		illegal    *orders.IllegalTransition
		outOfOrder *orders.StepOutOfOrder
	)
	switch {
	case errors.Is(err, contracts.ErrNotAccepted) && errors.As(err, &fields):
		return problemNotAccepted.WithFields(fields, wordField)
	case errors.Is(err, contracts.ErrChanged):
		return problemContractChanged
	case errors.Is(err, orders.ErrNoContract):
		return httpx.ErrNotFound
	case errors.As(err, &fields):
		return httpx.ErrValidation.WithFields(fields, wordField)
	case errors.Is(err, pricing.ErrCurrency):
		return problemCurrency
	case errors.Is(err, orders.ErrRevisionWindowClosed):
		return problemRevisionWindow
	case errors.As(err, &illegal):
		return illegalTransition(illegal)
	case errors.As(err, &outOfOrder):
		return stepOutOfOrder(outOfOrder)
	case errors.Is(err, orders.ErrUnknownCursor), errors.Is(err, quotes.ErrUnknownCursor):
		return httpx.ErrValidation.WithField("before", fieldMessages[newest.ReasonCursor])
	case errors.Is(err, orders.ErrCannotAssign):
		return cannotAssign(err)
	case errors.Is(err, orders.ErrOrderChanged):
		return problemOrderChanged
	case errors.Is(err, orders.ErrSandboxOrder):
		return problemSandboxOrder
	case errors.Is(err, orders.ErrNoFulfilment):
		return problemNoFulfilment
	case errors.Is(err, orders.ErrExpectedDateFixed):
		return problemExpectedDateFixed
	case errors.Is(err, orders.ErrNotTranslated):
		return problemNotTranslated
	case errors.Is(err, quotes.ErrPriceChanged):
		return problemPriceChanged
	case errors.Is(err, quotes.ErrQuoteCancelled):
		return problemQuoteCancelled
	case errors.Is(err, quotes.ErrBeingApproved):
		return problemBeingApproved
	case errors.Is(err, orders.ErrBillingDetailsRequired):
		return problemBillingDetails
	case errors.Is(err, quotes.ErrForbidden):
		return authn.ErrForbidden
	case errors.Is(err, files.ErrNotFound), errors.Is(err, quotes.ErrNotFound), errors.Is(err, orders.ErrNotFound):
		return httpx.ErrNotFound
	case errors.Is(err, files.ErrNoFile):
		return problemNoFile
	case errors.Is(err, counting.ErrTooLarge):
		return problemTooLarge
	case errors.Is(err, counting.ErrUnsupported):
		return problemType
	case errors.Is(err, counting.ErrMismatch):
		return problemMismatch
	case errors.Is(err, counting.ErrZipBomb):
		return problemBomb
	case errors.Is(err, counting.ErrMalformed):
		return problemMalformed
	case errors.Is(err, files.ErrTooManyFiles):
		return problemTooManyFiles
	case errors.Is(err, quotes.ErrQuoteExpired):
		return problemQuoteExpired
	case errors.Is(err, quotes.ErrQuoteNotPending):
		return problemQuoteDecided
	case errors.Is(err, orders.ErrNotYours):
		return problemNotYourOrder
	case errors.Is(err, orders.ErrNotAssignedToYou):
		return problemNotAssigned
	case errors.Is(err, orders.ErrAlreadyTaken):
		return problemAlreadyTaken
	case errors.Is(err, orders.ErrUnclaimWindowOver):
		return problemUnclaimWindow
	case errors.Is(err, pool.ErrAtCap):
		return problemAtCap
	case errors.Is(err, pool.ErrNotEligible):
		return notEligible(err)
	case errors.Is(err, orders.ErrForbidden):
		return authn.ErrForbidden
	case errors.Is(err, files.ErrTooManyUploads):
		return problemTooManyUploads // Retry-After comes from the errs.RateLimited around it
	case errors.Is(err, pricing.ErrNoPrice):
		return problemNoPrice
	}
	return nil
}

// wordField is the text of a field's reason code; codes without words of their own are "invalid".
func wordField(_, reason string) i18n.Text {
	if text, ok := fieldMessages[reason]; ok {
		return text
	}
	return fieldMessages["invalid"]
}

// statusNames are the order states as people read them.
var statusNames = map[orders.OrderStatus]i18n.Text{
	orders.AwaitingPayment:   {TR: "Ödeme bekleniyor", EN: "Awaiting payment"},
	orders.InProgress:        {TR: "Devam ediyor", EN: "In progress"},
	orders.Assigned:          {TR: "Çevirmene atandı", EN: "Assigned to a translator"},
	orders.Delivered:         {TR: "Teslim edildi", EN: "Delivered"},
	orders.RevisionRequested: {TR: "Düzeltme istendi", EN: "Revision requested"},
	orders.Completed:         {TR: "Tamamlandı", EN: "Completed"},
}

func illegalTransition(e *orders.IllegalTransition) *httpx.Problem {
	from := statusNames[e.From]
	return httpx.NewProblem(http.StatusConflict, "illegal_transition", i18n.Text{
		TR: fmt.Sprintf("Sipariş şu anda “%s” durumunda; bu işlem yapılamaz.", from.TR),
		EN: fmt.Sprintf("The order is “%s” now; this cannot be done.", from.EN),
	})
}

// notEligibleTexts say why a translator may not take a job; all are 409 not_eligible.
var notEligibleTexts = []struct {
	reason error
	text   i18n.Text
}{
	{pool.ErrSuspended, i18n.Text{TR: "Çevirmenin hesabı askıya alındı; askı kalkana kadar iş alamaz.", EN: "The translator is suspended and takes no jobs until the suspension is lifted."}},
	{pool.ErrOnVacation, i18n.Text{TR: "Çevirmen izinde; izin bitene kadar iş alamaz.", EN: "The translator is on vacation and takes no jobs until it ends."}},
	{pool.ErrAtCap, i18n.Text{TR: "Çevirmen aynı anda alabileceği en fazla iş sayısına ulaştı.", EN: "The translator already has as many active jobs as their limit allows."}},
	{pool.ErrNoMatch, i18n.Text{TR: "İşin hizmeti, dil çifti ya da yeminli olması çevirmenin profiline uymuyor.", EN: "The job's service, language pair or sworn status does not match the translator's profile."}},
}

func notEligible(err error) *httpx.Problem {
	return httpx.NewProblem(http.StatusConflict, "not_eligible", notEligibleText(err))
}

func notEligibleText(err error) i18n.Text {
	for _, r := range notEligibleTexts {
		if errors.Is(err, r.reason) {
			return r.text
		}
	}
	return i18n.Text{TR: "Çevirmenin profili henüz tanınmıyor; bu işi alamaz.", EN: "The translator's profile is not known yet; they cannot take this job."}
}

// cannotAssign is staff picking a translator who may not take the order: 422, with why.
func cannotAssign(err error) *httpx.Problem {
	return httpx.NewProblem(http.StatusUnprocessableEntity, "not_eligible", notEligibleText(err)).WithField("translatorId", notEligibleText(err))
}

// stepNames are the paper work's steps as people read them.
var stepNames = map[orders.FulfilmentStep]i18n.Text{
	orders.StepTranslated: {TR: "Çevrildi", EN: "Translated"},
	orders.StepAtNotary:   {TR: "Noterde", EN: "At the notary"},
	orders.StepNotarised:  {TR: "Noter onaylı", EN: "Notarised"},
	orders.StepApostilled: {TR: "Apostil alındı", EN: "Apostilled"},
	orders.StepShipped:    {TR: "Kargoya verildi", EN: "Shipped"},
}

func stepOutOfOrder(e *orders.StepOutOfOrder) *httpx.Problem {
	if e.Want == "" {
		return httpx.NewProblem(http.StatusConflict, "step_out_of_order",
			i18n.Text{TR: "Bu siparişin bütün evrak adımları tamamlandı.", EN: "Every step of this order's paper work is done."})
	}
	next := stepNames[e.Want]
	return httpx.NewProblem(http.StatusConflict, "step_out_of_order", i18n.Text{
		TR: fmt.Sprintf("Adımlar sırayla işlenir; sıradaki adım: “%s”.", next.TR),
		EN: fmt.Sprintf("Steps are recorded in order; the next one is “%s”.", next.EN),
	})
}

// fieldMessages are the texts of the field reason codes.
var fieldMessages = map[string]i18n.Text{
	"required":                  {TR: "Bu alan zorunludur.", EN: "This field is required."},
	"must_accept":               {TR: "Onaylamak için sözleşmeyi kabul ettiğinizi işaretleyin.", EN: "Tick this box to accept the contract."},
	"must_start_now":            {TR: "Onaylamak için çalışmanın hemen başlamasını istediğinizi işaretleyin.", EN: "Tick this box to have the work start now."},
	"unknown_service":           {TR: "Bilinmeyen hizmet.", EN: "Unknown service."},
	"unknown_language":          {TR: "Bu dilde çeviri yapmıyoruz ya da dil kodu hatalı.", EN: "We do not work in this language, or the language code is wrong."},
	"same_language":             {TR: "Hedef dil, kaynak dille aynı olamaz.", EN: "A target language cannot be the source language."},
	"duplicate_language":        {TR: "Bir hedef dil birden çok kez seçilmiş.", EN: "A target language was chosen more than once."},
	"positive":                  {TR: "Sıfırdan büyük bir sayı girin.", EN: "Enter a number greater than zero."},
	"too_large":                 {TR: "Bu miktar çok büyük; lütfen bize yazın.", EN: "This quantity is too large; please contact us."},
	"unknown_urgency":           {TR: "Teslim hızı normal ya da acil olmalı.", EN: "Delivery must be normal or urgent."},
	"unknown_add_on":            {TR: "Bu ek hizmet bu hizmetle sunulmuyor.", EN: "This add-on is not offered with this service."},
	"invalid":                   {TR: "Geçersiz değer.", EN: "Invalid value."},
	"not_negative":              {TR: "Negatif olamaz.", EN: "Cannot be negative."},
	"unknown_tier":              {TR: "Bilinmeyen dil grubu.", EN: "Unknown language tier."},
	"duplicate":                 {TR: "Bu dil çifti listede birden çok kez var.", EN: "This language pair is in the list more than once."},
	"too_many":                  {TR: "Dil çiftlerine özel fiyat en fazla 500 olabilir; hizmetin tamamı için birim fiyatı değiştirin.", EN: "At most 500 language pairs can have their own rate; change the service's rate for all of its pairs."},
	"file_not_found":            {TR: "Dosya bulunamadı; lütfen yeniden yükleyin.", EN: "File not found; please upload it again."},
	"manual_count":              {TR: "Bu dosyanın metni okunamadı (taranmış belge); ekibimiz elle sayacak. Fiyat için tahmini kelime sayısını girin.", EN: "This file's text cannot be read (a scanned document); our team will count it. Enter an estimated word count for a price."},
	"nothing_to_count":          {TR: "Dosyalarda bu hizmetin birimiyle sayılacak içerik yok (ör. dakika için ses, video ya da altyazı dosyası gerekir).", EN: "The files hold nothing to count in this service's unit (minutes need audio, video or subtitle files)."},
	"too_many_files":            {TR: "En fazla 20 dosya eklenebilir.", EN: "At most 20 files can be added."},
	"too_long":                  {TR: "Bu metin çok uzun.", EN: "This text is too long."},
	"one_filter":                {TR: "Bu süzgeçler birlikte kullanılamaz; birini seçin.", EN: "These filters cannot be combined; choose one."},
	"unknown_filter":            {TR: "Bu süzgeç tanınmıyor.", EN: "This filter is not known."},
	newest.ReasonCursor:         {TR: "Sayfa imleci bilinen bir kaydın kimliği olmalı.", EN: "The page cursor must be the id of a known item."},
	mongox.ReasonPageLimit:      {TR: "Sayfa boyutu (limit) 1 ile 100 arasında bir tam sayı olmalı.", EN: "The page size (limit) must be a whole number from 1 to 100."},
	"quote_currency":            {TR: "Yeni tutar teklifin para biriminde olmalı.", EN: "The new total must be in the quote's currency."},
	orders.ReasonNotADate:       {TR: "Tarih YYYY-AA-GG biçiminde olmalı (ör. 2026-12-04).", EN: "The date must be written YYYY-MM-DD (e.g. 2026-12-04)."},
	orders.ReasonNotBusinessDay: {TR: "Teslim tarihi bir iş günü olmalı (hafta sonu ya da resmî tatil değil).", EN: "The expected date must be a business day (not a weekend or a public holiday)."},
	orders.ReasonDateInPast:     {TR: "Teslim tarihi geçmişte olamaz.", EN: "The expected date cannot be in the past."},
	orders.ReasonDateTooFar:     {TR: "Teslim tarihi en fazla bir yıl sonrası olabilir.", EN: "The expected date can be at most a year ahead."},
	documents.ReasonLanguage:    documents.LanguageText,
}
