package api

import (
	"errors"
	"net/http"

	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/svc-translators/applications"
	"linguaport/svc-translators/profiles"
	"linguaport/svc-translators/support"
)

// The one place svc-translators' errors become answers, each worded in Turkish and English: each
// area's own (applications, profiles, support), the fields they refuse with why, and what the
// transport could not read from a request; the rest (a malformed body, an access check, a
// failure) as internal/httpx does.

// encodeError answers the service's errors in the request's language.
var encodeError = httpx.ErrorEncoder(problemOf)

// problemOf maps the areas' and the transport's errors to their answers: refused fields with the
// words of why, then each area's own through its explain; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	if errors.As(err, &fields) {
		return httpx.ErrValidation.WithFields(fields, wordField)
	}
	for _, explain := range []func(error) *httpx.Problem{explainApplications, explainProfiles, explainSupport} {
		if p := explain(err); p != nil {
			return p
		}
	}
	return nil
}

// wordField says why a field was refused, in both languages, from the areas' word tables.
// Every reason an area gives has words (each area's tests check), so no field is answered
// with a bare "invalid".
func wordField(field, reason string) i18n.Text {
	for _, words := range []map[string]map[string]i18n.Text{applicationFieldTexts, profileFieldTexts, suspendFieldTexts, supportFieldTexts, listFieldTexts} {
		if t, ok := words[field][reason]; ok {
			return t
		}
	}
	return i18n.Text{TR: "Geçersiz değer.", EN: "Invalid value."}
}

// errActiveJobCapRequired: a cap request without the number.
var errActiveJobCapRequired = errs.Fields{"activeJobCap": profiles.ReasonRequired}

// The profiles' own refusals. Another translator's account or vacation is answered as one that
// does not exist, so nobody learns which ids exist.
var (
	errTranslatorNotFound = httpx.NewProblem(http.StatusNotFound, "translator_not_found",
		i18n.Text{TR: "Çevirmen bulunamadı.", EN: "Translator not found."})
	errAccountNotFound = httpx.NewProblem(http.StatusNotFound, "bank_account_not_found",
		i18n.Text{TR: "Banka hesabı bulunamadı.", EN: "Bank account not found."})
	errAccountExists = httpx.NewProblem(http.StatusConflict, "account_exists",
		i18n.Text{TR: "Bu IBAN ile bir hesabınız zaten kayıtlı.", EN: "You have already added an account with this IBAN."})
	errTooManyAccounts = httpx.NewProblem(http.StatusConflict, "too_many_accounts",
		i18n.Text{TR: "En çok 5 banka hesabı ekleyebilirsiniz; yenisini eklemek için birini silin.", EN: "You can add at most 5 bank accounts; delete one to add another."})
	errVacationNotFound = httpx.NewProblem(http.StatusNotFound, "vacation_not_found",
		i18n.Text{TR: "İzin dönemi bulunamadı.", EN: "Vacation not found."})
	errVacationOver = httpx.NewProblem(http.StatusConflict, "vacation_over",
		i18n.Text{TR: "Bu izin dönemi zaten sona erdi.", EN: "This vacation is already over."})
	errNoSworn = httpx.NewProblem(http.StatusConflict, "no_sworn",
		i18n.Text{TR: "Çevirmen yeminli tercüman bilgisi girmemiş; doğrulanacak bir şey yok.", EN: "The translator has given no sworn translator details to verify."})
)

// explainProfiles maps the profiles' errors to their Problems.
func explainProfiles(err error) *httpx.Problem {
	for e, problem := range map[error]*httpx.Problem{
		profiles.ErrNotFound: errTranslatorNotFound, profiles.ErrAccountNotFound: errAccountNotFound,
		profiles.ErrAccountExists: errAccountExists, profiles.ErrTooManyAccounts: errTooManyAccounts,
		profiles.ErrVacationNotFound: errVacationNotFound, profiles.ErrVacationOver: errVacationOver, profiles.ErrNoSworn: errNoSworn,
	} {
		if errors.Is(err, e) {
			return problem
		}
	}
	return nil
}

// suspendFieldTexts word a suspension's refusals (tested in profiles_suspend_test.go).
var suspendFieldTexts = map[string]map[string]i18n.Text{
	"reason": {
		profiles.ReasonSuspendRequired: {TR: "Askıya alma nedenini yazın.", EN: "Write why the translator is suspended."},
		profiles.ReasonSuspendLength:   {TR: "Neden en çok 500 karakter olmalı.", EN: "The reason must be at most 500 characters."},
	},
}

// profileFieldTexts word the profile's refusals; every reason the profiles package gives a field
// has words here (tested).
var profileFieldTexts = map[string]map[string]i18n.Text{
	"pairs": {
		profiles.ReasonRequired:  {TR: "En az bir dil çifti ekleyin.", EN: "Add at least one language pair."},
		profiles.ReasonTooMany:   {TR: "En çok 30 dil çifti ekleyebilirsiniz.", EN: "You can add at most 30 language pairs."},
		profiles.ReasonLanguage:  {TR: "Dil çiftlerinde yalnızca listedeki diller kullanılabilir.", EN: "Language pairs can use only the languages of the list."},
		profiles.ReasonSame:      {TR: "Bir dil çiftinin kaynak ve hedef dili farklı olmalı.", EN: "A language pair's source and target must differ."},
		profiles.ReasonDuplicate: {TR: "Aynı dil çifti iki kez eklenmiş.", EN: "The same language pair is listed twice."},
	},
	"services": {
		profiles.ReasonRequired:  {TR: "En az bir hizmet seçin.", EN: "Choose at least one service."},
		profiles.ReasonUnknown:   {TR: "Hizmetler, ajansın sekiz hizmetinden seçilmeli.", EN: "Services must be chosen from the agency's eight services."},
		profiles.ReasonDuplicate: {TR: "Aynı hizmet iki kez seçilmiş.", EN: "The same service is chosen twice."},
	},
	"specializations": {
		profiles.ReasonUnknown:   {TR: "Uzmanlık alanları listedekilerden seçilmeli.", EN: "Specialisations must be chosen from the list."},
		profiles.ReasonDuplicate: {TR: "Aynı uzmanlık alanı iki kez seçilmiş.", EN: "The same specialisation is chosen twice."},
	},
	"sworn.court": {
		profiles.ReasonRequired: {TR: "Yeminli tercümanlık kaydınızın bulunduğu noterliği veya mahkemeyi girin.", EN: "Enter the notary or court where you are registered as a sworn translator."},
		profiles.ReasonLength:   {TR: "Noterlik veya mahkeme adı 2 ile 200 karakter arasında olmalı.", EN: "The notary or court must be 2 to 200 characters."},
		profiles.ReasonFormat:   {TR: "Noterlik veya mahkeme adında kullanılamayan karakterler var.", EN: "The notary or court contains characters that cannot be used."},
	},
	"sworn.certificateDate": {
		profiles.ReasonRequired: {TR: "Yemin belgenizin tarihini girin.", EN: "Enter the date of your sworn translator certificate."},
		profiles.ReasonDate:     {TR: "Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The date must be a real day written YYYY-MM-DD."},
		profiles.ReasonFuture:   {TR: "Belge tarihi bugünden sonra olamaz.", EN: "The certificate date cannot be after today."},
	},
	"certificates": {
		profiles.ReasonLength: {TR: "Sertifikalar en çok 1000 karakter olmalı.", EN: "Certificates must be at most 1000 characters."},
		profiles.ReasonFormat: {TR: "Sertifikalar alanında kullanılamayan karakterler var.", EN: "Certificates contain characters that cannot be used."},
	},
	"activeJobCap": {
		profiles.ReasonRequired: {TR: "Aynı anda alınabilecek iş sayısını girin.", EN: "Enter how many jobs the translator may hold at once."},
		profiles.ReasonRange:    {TR: "Aynı anda alınabilecek iş sayısı 1 ile 20 arasında olmalı.", EN: "The number of jobs at once must be 1 to 20."},
	},
	"start": {
		profiles.ReasonRequired: {TR: "İznin başlangıç gününü girin.", EN: "Enter the first day of the vacation."},
		profiles.ReasonDate:     {TR: "Başlangıç YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The start must be a real day written YYYY-MM-DD."},
		profiles.ReasonOverlap:  {TR: "Bu dönem başka bir izninizle çakışıyor.", EN: "This period overlaps another vacation of yours."},
		profiles.ReasonTooMany:  {TR: "En çok 20 planlanmış izin döneminiz olabilir.", EN: "You can have at most 20 planned vacations."},
	},
	"end": {
		profiles.ReasonRequired: {TR: "İznin son gününü girin.", EN: "Enter the last day of the vacation."},
		profiles.ReasonDate:     {TR: "Bitiş YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The end must be a real day written YYYY-MM-DD."},
		profiles.ReasonBefore:   {TR: "Bitiş günü başlangıçtan önce olamaz.", EN: "The end cannot be before the start."},
		profiles.ReasonOver:     {TR: "Bu dönem zaten geçmiş; bugün veya sonrasında biten bir dönem girin.", EN: "This period is already over; enter one that ends today or later."},
		profiles.ReasonTooLong:  {TR: "Bir izin dönemi en çok 90 gün olabilir.", EN: "A vacation can be at most 90 days."},
	},
	"note": {
		profiles.ReasonLength: {TR: "Not en çok 500 karakter olmalı.", EN: "The note must be at most 500 characters."},
		profiles.ReasonFormat: {TR: "Notta kullanılamayan karakterler var.", EN: "The note contains characters that cannot be used."},
	},
	"iban": {
		profiles.ReasonRequired: {TR: "IBAN'ı girin.", EN: "Enter the IBAN."},
		profiles.ReasonFormat:   {TR: "IBAN yalnızca harf ve rakamlardan oluşur ve iki harfli ülke koduyla başlar.", EN: "An IBAN is letters and digits only and starts with a two-letter country code."},
		profiles.ReasonCountry:  {TR: "IBAN'ın ülke kodu IBAN kullanan bir ülkenin kodu değil.", EN: "The IBAN's country code is not one of a country that uses IBANs."},
		profiles.ReasonLength:   {TR: "IBAN'ın uzunluğu ülkesine göre yanlış (Türkiye'de 26 karakter).", EN: "The IBAN's length is wrong for its country (26 characters in Turkey)."},
		profiles.ReasonChecksum: {TR: "Bu IBAN geçerli değil; kontrol basamakları tutmuyor. Rakamları kontrol edin.", EN: "This IBAN is not valid: its check digits do not add up. Check the digits."},
	},
	"holder": {
		profiles.ReasonRequired: {TR: "Hesap sahibinin adını girin.", EN: "Enter the account holder's name."},
		profiles.ReasonLength:   {TR: "Hesap sahibi 2 ile 140 karakter arasında olmalı.", EN: "The account holder must be 2 to 140 characters."},
		profiles.ReasonFormat:   {TR: "Hesap sahibinin adında kullanılamayan karakterler var.", EN: "The account holder contains characters that cannot be used."},
	},
}

// errNotMultipart answers an application sent as anything but a multipart form.
var errNotMultipart = httpx.NewProblem(http.StatusUnsupportedMediaType, "unsupported_media_type", i18n.Text{
	TR: "Başvuru multipart/form-data olarak gönderilmeli.",
	EN: "The application must be sent as multipart/form-data.",
})

var (
	problemApplicationNotFound = httpx.NewProblem(http.StatusNotFound, "application_not_found", i18n.Text{
		TR: "Başvuru bulunamadı.", EN: "The application was not found."})
	problemApplicationOpen = httpx.NewProblem(http.StatusConflict, "application_open", i18n.Text{
		TR: "Bu e-posta adresiyle yapılmış ve hâlâ incelenen bir başvuru var. Sonucu size e-postayla bildireceğiz.",
		EN: "There is an application with this e-mail address under review. We will let you know the outcome by e-mail."})
	problemApplicationDecided = httpx.NewProblem(http.StatusConflict, "application_decided", i18n.Text{
		TR: "Bu başvuru hakkında zaten başka bir karar verildi.", EN: "This application has already been decided otherwise."})
	problemFileTooLarge = httpx.NewProblem(http.StatusRequestEntityTooLarge, "file_too_large", i18n.Text{
		TR: "Dosya 10 MB'tan büyük olamaz.", EN: "A file may be at most 10 MB."})
	problemFileNotFound = httpx.NewProblem(http.StatusNotFound, "file_not_found", i18n.Text{
		TR: "Bu başvuruda böyle bir dosya yok.", EN: "This application has no such file."})
	problemTooManyApplications = httpx.NewProblem(http.StatusTooManyRequests, "too_many_applications", i18n.Text{
		TR: "Bu adresten son bir saatte çok fazla başvuru gönderildi. Lütfen daha sonra tekrar deneyin.",
		EN: "Too many applications were sent from this address in the last hour. Please try again later."})
)

// explainApplications maps the applications' errors to their Problems.
func explainApplications(err error) *httpx.Problem {
	switch {
	case errors.Is(err, applications.ErrNotFound):
		return problemApplicationNotFound
	case errors.Is(err, applications.ErrOpen):
		return problemApplicationOpen
	case errors.Is(err, applications.ErrDecided):
		return problemApplicationDecided
	case errors.Is(err, applications.ErrFileTooLarge):
		return problemFileTooLarge
	case errors.Is(err, applications.ErrNoFile):
		return problemFileNotFound
	case errors.Is(err, applications.ErrTooManyRequests):
		return problemTooManyApplications
	}
	return nil
}

// t is a text in both languages.
func t(tr, en string) i18n.Text { return i18n.Text{TR: tr, EN: en} }

// applicationFieldTexts word the application form's refusals (and staff's list and rejection).
var applicationFieldTexts = map[string]map[string]i18n.Text{
	"firstName": {
		"required":   t("Adınızı yazın.", "Enter your first name."),
		"too_long":   t("Ad en fazla 60 karakter olabilir.", "The first name may be at most 60 characters."),
		"characters": t("Ad, yazdırılamayan karakterler içeremez.", "The first name may not contain control characters."),
	},
	"lastName": {
		"required":   t("Soyadınızı yazın.", "Enter your last name."),
		"too_long":   t("Soyad en fazla 60 karakter olabilir.", "The last name may be at most 60 characters."),
		"characters": t("Soyad, yazdırılamayan karakterler içeremez.", "The last name may not contain control characters."),
	},
	"email": {
		"required": t("E-posta adresinizi yazın.", "Enter your e-mail address."),
		"email":    t("Geçerli bir e-posta adresi yazın (ör. ad@ornek.com).", "Enter a valid e-mail address (e.g. name@example.com)."),
	},
	"phone": {
		"required": t("Telefon numaranızı yazın.", "Enter your phone number."),
		"phone": t("Telefon numarası 7–20 rakamdan oluşmalı; başta + ile boşluk ve tire kullanılabilir.",
			"The phone number must have 7–20 digits; a leading +, spaces and dashes are allowed."),
	},
	"nativeLanguage": {
		"required": t("Ana dilinizi seçin.", "Choose your native language."),
		"language": t("Ana dil, listedeki dillerden biri olmalı.", "The native language must be one of the listed languages."),
	},
	"workingLanguages": {
		"required":    t("En az bir çalışma dili seçin.", "Choose at least one working language."),
		"too_many":    t("En fazla 10 çalışma dili seçebilirsiniz.", "You can choose at most 10 working languages."),
		"language":    t("Çalışma dilleri listedeki dillerden olmalı.", "The working languages must be among the listed languages."),
		"native_only": t("Ana dilinizin yanında en az bir çalışma dili daha seçin.", "Choose at least one working language besides your native language."),
	},
	"specializations": {
		"required":       t("En az bir uzmanlık alanı seçin.", "Choose at least one specialisation."),
		"too_many":       t("En fazla 10 uzmanlık alanı seçebilirsiniz.", "You can choose at most 10 specialisations."),
		"specialization": t("Uzmanlık alanları listedekilerden olmalı.", "The specialisations must be among the listed ones."),
	},
	"experienceYears": {
		"required": t("Kaç yıllık deneyiminiz olduğunu yazın.", "Enter your years of experience."),
		"years":    t("Deneyim 0 ile 60 arasında bir tam sayı (yıl) olmalı.", "Experience must be a whole number of years from 0 to 60."),
	},
	"education": {
		"required":   t("Eğitim bilgilerinizi yazın.", "Describe your education."),
		"too_short":  t("Eğitim bilgisi en az 2 karakter olmalı.", "The education must be at least 2 characters."),
		"too_long":   t("Eğitim bilgisi en fazla 500 karakter olabilir.", "The education may be at most 500 characters."),
		"characters": t("Eğitim bilgisi yazdırılamayan karakterler içeremez.", "The education may not contain control characters."),
	},
	"certificates": {
		"too_long":   t("Sertifikalar en fazla 1000 karakter olabilir.", "The certificates may be at most 1000 characters."),
		"characters": t("Sertifikalar yazdırılamayan karakterler içeremez.", "The certificates may not contain control characters."),
	},
	"portfolioUrl": {
		"url": t("Portfolyo bağlantısı http:// ya da https:// ile başlayan geçerli bir adres olmalı.",
			"The portfolio link must be a valid address starting with http:// or https://."),
	},
	"acceptTerms": {
		"terms": t("Devam etmek için koşulları kabul edin.", "Accept the terms to continue."),
	},
	"lang": {
		"lang": t("Dil tr ya da en olmalı.", "The language must be tr or en."),
	},
	"cv": {
		"required":  t("Özgeçmişinizi (CV) yükleyin.", "Upload your CV."),
		"file_type": t("Özgeçmiş PDF, DOCX ya da ODT dosyası olmalı.", "The CV must be a PDF, DOCX or ODT file."),
	},
	"portfolio": {
		"file_type": t("Portfolyo dosyası PDF, DOCX ya da ODT olmalı.", "The portfolio file must be a PDF, DOCX or ODT file."),
		"either":    t("Portfolyo için ya bir bağlantı ya da bir dosya verin, ikisini birden değil.", "Give either a portfolio link or a portfolio file, not both."),
	},
	"reason": {
		"required":   t("Ret gerekçesini yazın.", "Enter the reason for the rejection."),
		"too_long":   t("Gerekçe en fazla 1000 karakter olabilir.", "The reason may be at most 1000 characters."),
		"characters": t("Gerekçe yazdırılamayan karakterler içeremez.", "The reason may not contain control characters."),
	},
	"status": {
		"status": t("Durum submitted, approved ya da rejected olmalı.", "The status must be submitted, approved or rejected."),
	},
	"before": {
		"cursor": t("Sayfa, bilinmeyen bir başvurudan sonrasını istiyor.", "The page asks for what follows an unknown application."),
	},
}

// The tickets' own refusals. Another translator's ticket is answered as one that does not exist.
var (
	errTicketNotFound = httpx.NewProblem(http.StatusNotFound, "ticket_not_found",
		i18n.Text{TR: "Destek talebi bulunamadı.", EN: "Support ticket not found."})
	errTicketClosed = httpx.NewProblem(http.StatusConflict, "ticket_closed",
		i18n.Text{TR: "Bu destek talebi kapatıldı; yeni mesaj eklenemez. Gerekirse yeni bir talep açın.", EN: "This support ticket is closed and takes no more messages. Open a new one if you need to."})
	errTooManyTicketMessages = httpx.NewProblem(http.StatusConflict, "too_many_messages",
		i18n.Text{TR: "Bu destek talebi 200 mesaj sınırına ulaştı; lütfen yeni bir talep açın.", EN: "This support ticket has reached its limit of 200 messages; please open a new one."})
)

// explainSupport maps the tickets' errors to their Problems.
func explainSupport(err error) *httpx.Problem {
	for e, problem := range map[error]*httpx.Problem{
		support.ErrNotFound: errTicketNotFound, support.ErrClosed: errTicketClosed, support.ErrTooManyMessages: errTooManyTicketMessages,
	} {
		if errors.Is(err, e) {
			return problem
		}
	}
	return nil
}

// supportFieldTexts word the tickets' refusals; every reason the support package gives a field
// has words here (tested).
var supportFieldTexts = map[string]map[string]i18n.Text{
	"subject": {
		support.ReasonRequired: {TR: "Talebinize bir konu yazın.", EN: "Give your ticket a subject."},
		support.ReasonTooShort: {TR: "Konu en az 3 karakter olmalı.", EN: "The subject must be at least 3 characters."},
		support.ReasonTooLong:  {TR: "Konu en çok 140 karakter olmalı.", EN: "The subject must be at most 140 characters."},
		support.ReasonFormat:   {TR: "Konuda kullanılamayan karakterler var (satır sonu veya kontrol karakteri).", EN: "The subject contains characters that cannot be used (a line break or a control character)."},
	},
	"category": {
		support.ReasonRequired: {TR: "Talebinizin konusuna uyan kategoriyi seçin.", EN: "Choose the category your ticket is about."},
		support.ReasonUnknown:  {TR: "Kategori listedekilerden biri olmalı: ödeme, iş, teknik, hesap, diğer.", EN: "The category must be one of the list: payment, job, technical, account, other."},
	},
	"message": {
		support.ReasonRequired: {TR: "Mesajınızı yazın.", EN: "Write your message."},
		support.ReasonTooLong:  {TR: "Mesaj en çok 5000 karakter olmalı.", EN: "The message must be at most 5000 characters."},
		support.ReasonFormat:   {TR: "Mesajda kullanılamayan kontrol karakterleri var.", EN: "The message contains control characters that cannot be used."},
	},
	"status": {
		support.ReasonUnknown: {TR: "Durum open, answered veya closed olmalı.", EN: "The status must be open, answered or closed."},
	},
	"before": {
		support.ReasonCursor: {TR: "Sayfa imleci geçersiz; listeyi baştan yükleyin.", EN: "The page cursor is not valid; load the list from the start."},
	},
}

// listFieldTexts word the lists' refusals of their parameters.
var listFieldTexts = map[string]map[string]i18n.Text{
	"sort": {
		reasonInvalid: {TR: "Sıralama newest (en yeni) ya da oldest (en eski) olmalı.", EN: "The sort must be newest or oldest."},
	},
	"suspended": {
		reasonInvalid: {TR: "Askıya alınma süzgeci true ya da false olmalı.", EN: "The suspended filter must be true or false."},
	},
	"sworn": {
		reasonInvalid: {TR: "Yeminli tercüman süzgeci verified (doğrulanmış) ya da pending (doğrulama bekleyen) olmalı.", EN: "The sworn filter must be verified or pending."},
	},
	"before": {
		profiles.ReasonCursor: {TR: "Sayfa, bilinmeyen bir çevirmenden sonrasını istiyor; listeyi baştan yükleyin.", EN: "The page asks for what follows an unknown translator; load the list from the start."},
	},
}
