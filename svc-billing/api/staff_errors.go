package api

import (
	"linguaport/internal/i18n"
	bal "linguaport/svc-billing/balance"
	inv "linguaport/svc-billing/invoices"
)

// staffFieldTexts word the refusals of the staff's money routes.
var staffFieldTexts = map[string]map[string]i18n.Text{
	inv.FieldStatus: {
		inv.ReasonChoice: {TR: "Durum pending, paid veya refunded olmalı.", EN: "The status must be pending, paid or refunded."},
	},
	inv.FieldPastDue: {
		inv.ReasonChoice: {TR: "pastDue true veya false olmalı; vadesi geçmiş faturalar yalnızca bekleyen (pending) faturalardır.", EN: "pastDue must be true or false; past due invoices are pending ones only."},
	},
	inv.FieldBefore: {
		inv.ReasonCursor: {TR: "Sayfa imleci bilinen bir fatura değil.", EN: "The page cursor is not a known invoice."},
	},
	inv.FieldReference: {
		inv.ReasonRequired: {TR: "Havalenin banka referansını veya açıklamasını girin.", EN: "Enter the transfer's bank reference or description."},
		inv.ReasonLength:   {TR: "Referans en çok 140 karakter olmalı.", EN: "The reference must be at most 140 characters."},
	},
	inv.FieldReceivedAt: {
		inv.ReasonRequired: {TR: "Havalenin hesaba geçtiği tarihi girin.", EN: "Enter the date the transfer arrived."},
		inv.ReasonDate:     {TR: "Tarih YYYY-AA-GG biçiminde, bugünden sonra olmayan ve bir yıldan eski olmayan bir gün olmalı.", EN: "The date must be a day written YYYY-MM-DD, not after today and not over a year back."},
	},
	bal.FieldReason: {
		bal.ReasonNoNote:   {TR: "Düzeltmenin nedenini yazın.", EN: "Write why the balance is adjusted."},
		bal.ReasonLongNote: {TR: "Neden en çok 500 karakter olmalı.", EN: "The reason must be at most 500 characters."},
	},
	bal.FieldAmount: {
		bal.ReasonAdjustRange: {TR: "Tutar sıfır olamaz; artı veya eksi en çok 1.000.000 olabilir.", EN: "The amount cannot be zero and must be at most 1,000,000 either way."},
	},
}
