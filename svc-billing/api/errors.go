package api

import (
	"errors"
	"net/http"

	"linguaport/internal/documents"
	"linguaport/internal/errs"
	"linguaport/internal/httpx"
	"linguaport/internal/i18n"
	"linguaport/internal/mongox"
	bal "linguaport/svc-billing/balance"
	"linguaport/svc-billing/invoices"
	pay "linguaport/svc-billing/paying"
	p "linguaport/svc-billing/profile"
)

// The one place svc-billing's errors become answers, each worded in Turkish and English: the
// services' own and what the transport could not read from a request (this file, with the
// payment routes' in paying_errors.go, the staff routes' in staff_errors.go and the payouts' in
// earnings.go).

// encodeError answers every error of svc-billing: the services' own through problemOf, the rest
// (a malformed body, an access check, a failure) as internal/httpx does.
var encodeError = httpx.ErrorEncoder(problemOf)

// problemOf maps svc-billing's errors to their Problems; nil leaves err to httpx.
func problemOf(err error) *httpx.Problem {
	var fields errs.Fields
	switch {
	case errors.As(err, &fields):
		return httpx.ErrValidation.WithFields(fields, wordField)
	case errors.Is(err, invoices.ErrNotFound):
		return errInvoiceNotFound
	}
	if p := explainEarnings(err); p != nil {
		return p
	}
	if p := explainEDocument(err); p != nil {
		return p
	}
	return explainPaying(err)
}

// errInvoiceNotFound answers an invoice that does not exist and one that is someone else's alike,
// so nobody learns which invoices exist.
var errInvoiceNotFound = httpx.NewProblem(http.StatusNotFound, "invoice_not_found",
	i18n.Text{TR: "Fatura bulunamadı.", EN: "Invoice not found."})

// fieldWords are the words of the payment and balance routes' fields.
var payingFieldTexts = map[string]map[string]i18n.Text{
	"method": {
		pay.ReasonRequired: {TR: "Ödeme yöntemini seçin: bakiye veya kart.", EN: "Choose how to pay: balance or card."},
		pay.ReasonChoice:   {TR: "Ödeme yöntemi balance (bakiye) veya card (kart) olmalı.", EN: "The payment method must be balance or card."},
	},
	"returnUrl": {
		pay.ReasonRequired: {TR: "Kartla ödemede dönüş adresi gerekli.", EN: "A card payment needs the address to come back to."},
		pay.ReasonOrigin:   {TR: "Dönüş adresi bu sitenin bir sayfası olmalı.", EN: "The return address must be a page of this site."},
	},
	pay.FieldKey: {
		pay.ReasonRequired: {TR: "İstek bir Idempotency-Key başlığı taşımalı.", EN: "The request must carry an Idempotency-Key header."},
		pay.ReasonKey:      {TR: "Idempotency-Key 1–100 görünür ASCII karakter olmalı.", EN: "The Idempotency-Key must be 1 to 100 visible ASCII characters."},
	},
	bal.FieldAmount: {
		bal.ReasonRequired: {TR: "Tutarı ve para birimini girin.", EN: "Enter the amount and its currency."},
		bal.ReasonCurrency: currencyText,
		bal.ReasonRange:    {TR: "Tutar en az 1 kuruş, en çok 1.000.000 olmalı.", EN: "The amount must be at least one cent and at most 1,000,000."},
	},
	bal.FieldSender: {
		bal.ReasonRequired: {TR: "Gönderenin adını girin.", EN: "Enter the sender's name."},
		bal.ReasonLength:   {TR: "Gönderen 2 ile 140 karakter arasında olmalı.", EN: "The sender must be 2 to 140 characters."},
	},
	bal.FieldDate: {
		bal.ReasonRequired: {TR: "Havale tarihini girin.", EN: "Enter the date of the transfer."},
		bal.ReasonFormat:   {TR: "Tarih YYYY-AA-GG biçiminde geçerli bir gün olmalı.", EN: "The date must be a real day written YYYY-MM-DD."},
		bal.ReasonFuture:   {TR: "Havale tarihi bugünden sonra olamaz.", EN: "The transfer date cannot be after today."},
		bal.ReasonTooOld:   {TR: "Bir yıldan eski havaleler için bizimle iletişime geçin.", EN: "For transfers older than a year, please contact us."},
	},
	bal.FieldReference: {
		bal.ReasonRequired: {TR: "Havalenin açıklamasını veya banka referansını girin.", EN: "Enter the transfer's description or the bank's reference."},
		bal.ReasonLength:   {TR: "Açıklama en çok 140 karakter olmalı.", EN: "The reference must be at most 140 characters."},
	},
	bal.FieldReason: {
		bal.ReasonRequired: {TR: "Reddetme nedenini yazın.", EN: "Write why the transfer is rejected."},
		bal.ReasonLength:   {TR: "Neden en çok 500 karakter olmalı.", EN: "The reason must be at most 500 characters."},
	},
	bal.FieldStatus: {
		bal.ReasonFormat: {TR: "Durum declared, confirmed veya rejected olmalı.", EN: "The status must be declared, confirmed or rejected."},
	},
	// GET balance's (and earnings') query: the ledger's currency and the entry a page follows.
	bal.FieldCurrency: {
		bal.ReasonCurrency: currencyText,
	},
	bal.FieldBefore: {
		bal.ReasonFormat: {TR: "Sayfa imleci bu hesabın hareketlerinden biri değil.", EN: "The page cursor is not an entry of this ledger."},
	},
}

// currencyText refuses a currency the balances do not keep, in a body's amount or a ledger's query.
var currencyText = i18n.Text{TR: "Para birimi TRY, USD, EUR, GBP, JPY, CNY veya RUB olmalı.", EN: "The currency must be TRY, USD, EUR, GBP, JPY, CNY or RUB."}

// wordField says why a field was refused, in both languages. Every reason the profile's rules
// and the decoder give has words here (tested), so no field is answered with a bare "invalid".
func wordField(field, reason string) i18n.Text {
	if t, ok := fieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := payingFieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := earningsFieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := staffFieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := taxFieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := exportFieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := eFaturaFieldTexts[field][reason]; ok {
		return t
	}
	if t, ok := anyField[reason]; ok {
		return t
	}
	return i18n.Text{TR: "Geçersiz değer.", EN: "Invalid value."}
}

// anyField words the reasons that read the same for every field.
var anyField = map[string]i18n.Text{
	reasonUnknown:    {TR: "Fatura bilgilerinde böyle bir alan yok.", EN: "Billing details have no such field."},
	reasonNotString:  {TR: "Bu alan metin olmalı.", EN: "This field must be text."},
	reasonTaxUnknown: {TR: "Bu sorguda böyle bir parametre yok.", EN: "This query has no such parameter."},
	p.ReasonNotApplicable: {
		TR: "Bu alan seçtiğiniz fatura türü ve ülke için kullanılmıyor; boş bırakın.",
		EN: "This field does not apply to the billing type and country you chose; leave it empty.",
	},
	p.ReasonFormat: {TR: "Bu alanda kullanılamayan karakterler var.", EN: "This field contains characters that cannot be used."},
}

// fieldTexts word each field's own reasons; lengths quote profile.Limits.
var fieldTexts = map[string]map[string]i18n.Text{
	"lang": {
		documents.ReasonLanguage: documents.LanguageText,
	},
	// GET invoices' page (DESIGN §15).
	mongox.PageLimit: {
		mongox.ReasonPageLimit: {TR: "Sayfa boyutu (limit) 1 ile 100 arasında bir tam sayı olmalı.", EN: "The page size (limit) must be a whole number from 1 to 100."},
	},
	mongox.PageAfter: {
		invoices.ReasonCursor: {TR: "Sayfa imleci faturalarınızdan birinin kimliği olmalı.", EN: "The page cursor must be the id of one of your invoices."},
	},
	"type": {
		p.ReasonRequired: {TR: "Fatura türünü seçin: bireysel veya kurumsal.", EN: "Choose the billing type: individual or company."},
		p.ReasonChoice:   {TR: "Fatura türü individual (bireysel) veya company (kurumsal) olmalı.", EN: "The billing type must be individual or company."},
	},
	"fullName": {
		p.ReasonRequired: {TR: "Adınızı ve soyadınızı girin.", EN: "Enter your full name."},
		p.ReasonLength:   {TR: "Ad soyad 2 ile 100 karakter arasında olmalı.", EN: "The full name must be 2 to 100 characters."},
	},
	"tckn": {
		p.ReasonRequired: {TR: "Türkiye'deki bireysel faturalar için T.C. kimlik numaranızı girin.", EN: "Enter your Turkish identity number (TCKN) for individual invoices in Turkey."},
		p.ReasonFormat:   {TR: "T.C. kimlik numarası 0 ile başlamayan 11 rakamdan oluşur.", EN: "A Turkish identity number (TCKN) is 11 digits and does not start with 0."},
		p.ReasonChecksum: {TR: "Bu T.C. kimlik numarası geçerli değil; rakamları kontrol edin.", EN: "This Turkish identity number (TCKN) is not valid; check the digits."},
	},
	"companyName": {
		p.ReasonRequired: {TR: "Şirket unvanını girin.", EN: "Enter the company name."},
		p.ReasonLength:   {TR: "Şirket unvanı 2 ile 200 karakter arasında olmalı.", EN: "The company name must be 2 to 200 characters."},
	},
	"taxOffice": {
		p.ReasonRequired: {TR: "Vergi dairesini girin.", EN: "Enter the tax office."},
		p.ReasonLength:   {TR: "Vergi dairesi 2 ile 100 karakter arasında olmalı.", EN: "The tax office must be 2 to 100 characters."},
	},
	"vkn": {
		p.ReasonRequired: {TR: "Türkiye'deki kurumsal faturalar için vergi kimlik numarasını girin.", EN: "Enter the tax number (VKN) for company invoices in Turkey."},
		p.ReasonFormat:   {TR: "Vergi kimlik numarası 10 rakamdan oluşur.", EN: "A Turkish tax number (VKN) is 10 digits."},
		p.ReasonChecksum: {TR: "Bu vergi kimlik numarası geçerli değil; rakamları kontrol edin.", EN: "This Turkish tax number (VKN) is not valid; check the digits."},
	},
	"taxId": {
		p.ReasonRequired: {TR: "Yurt dışındaki şirketler için ülkenizdeki vergi numarasını girin.", EN: "Enter your company's tax number in its country."},
		p.ReasonLength:   {TR: "Vergi numarası 2 ile 30 karakter arasında olmalı.", EN: "The tax number must be 2 to 30 characters."},
		p.ReasonFormat:   {TR: "Vergi numarası yalnızca harf, rakam, boşluk, nokta, tire ve eğik çizgi içerebilir.", EN: "The tax number may contain only letters, digits, spaces, dots, dashes and slashes."},
	},
	"address": {
		p.ReasonRequired: {TR: "Fatura adresini girin.", EN: "Enter the billing address."},
		p.ReasonLength:   {TR: "Adres 5 ile 300 karakter arasında olmalı.", EN: "The address must be 5 to 300 characters."},
	},
	"city": {
		p.ReasonRequired: {TR: "Şehri girin.", EN: "Enter the city."},
		p.ReasonLength:   {TR: "Şehir 2 ile 100 karakter arasında olmalı.", EN: "The city must be 2 to 100 characters."},
	},
	"postcode": {
		p.ReasonLength: {TR: "Posta kodu 3 ile 12 karakter arasında olmalı.", EN: "The postcode must be 3 to 12 characters."},
		p.ReasonFormat: {TR: "Geçerli bir posta kodu girin (Türkiye'de 5 rakam).", EN: "Enter a valid postcode (5 digits in Turkey)."},
	},
	"country": {
		p.ReasonRequired: {TR: "Ülkeyi seçin.", EN: "Choose the country."},
		p.ReasonCountry:  {TR: "Ülke, ISO 3166-1 iki harfli ülke kodu olmalı (ör. TR, DE).", EN: "The country must be an ISO 3166-1 two-letter code (e.g. TR, DE)."},
	},
	"email": {
		p.ReasonRequired: {TR: "Faturaların gönderileceği e-posta adresini girin.", EN: "Enter the email address invoices are sent to."},
		p.ReasonEmail:    {TR: "Geçerli bir e-posta adresi girin.", EN: "Enter a valid email address."},
	},
}
