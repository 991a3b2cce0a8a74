package api

import (
	"linguaport/internal/i18n"
	bal "linguaport/svc-billing/balance"
	earn "linguaport/svc-billing/earnings"
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
		inv.ReasonCursor:  {TR: "Sayfa imleci bilinen bir fatura değil.", EN: "The page cursor is not a known invoice."},
		bal.ReasonCursor:  {TR: "Sayfa imleci bilinen bir havale değil.", EN: "The page cursor is not a known transfer."},
		earn.ReasonCursor: {TR: "Sayfa imleci bilinen bir ödeme talebi değil.", EN: "The page cursor is not a known payout."},
	},
	// The lists' orders: the transfers' and payouts' share their reason (bal.ReasonSort).
	inv.FieldSort: {
		bal.ReasonSort: {TR: "Sıralama newest (en yeni) veya oldest (en eski) olmalı.", EN: "The sort must be newest or oldest."},
		inv.ReasonSort: {TR: "Sıralama newest (en yeni), oldest (en eski) veya due (vadesi en yakın) olmalı; due yalnızca bekleyen (pending) faturaları listeler.",
			EN: "The sort must be newest, oldest or due; due lists pending invoices only."},
		reasonOneOrder: {TR: "Bakiyeler yalnızca müşteri numarasına göre sıralanır; sort kullanılmaz.", EN: "Balances are listed by customer id only; there is no sort."},
	},
	inv.FieldReference: {
		inv.ReasonRequired: {TR: "Havalenin banka referansını veya açıklamasını girin.", EN: "Enter the transfer's bank reference or description."},
		inv.ReasonLength:   {TR: "Referans en çok 140 karakter olmalı.", EN: "The reference must be at most 140 characters."},
	},
	inv.FieldReceivedAt: {
		inv.ReasonRequired: {TR: "Havalenin hesaba geçtiği tarihi girin.", EN: "Enter the date the transfer arrived."},
		inv.ReasonDate:     {TR: "Tarih YYYY-AA-GG biçiminde, bugünden sonra olmayan ve bir yıldan eski olmayan bir gün olmalı.", EN: "The date must be a day written YYYY-MM-DD, not after today and not over a year back."},
	},
	inv.FieldPaidFrom: {
		inv.ReasonDay:      {TR: "paidFrom bir gün olmalı, YYYY-AA-GG biçiminde.", EN: "paidFrom must be a day written YYYY-MM-DD."},
		inv.ReasonPaidOnly: paidOnlyText,
	},
	inv.FieldPaidTo: {
		inv.ReasonDay:      {TR: "paidTo bir gün olmalı, YYYY-AA-GG biçiminde.", EN: "paidTo must be a day written YYYY-MM-DD."},
		inv.ReasonDayOrder: {TR: "paidTo, paidFrom'dan önceki bir gün olamaz.", EN: "paidTo cannot be a day before paidFrom."},
		inv.ReasonPaidOnly: paidOnlyText,
	},
	bal.FieldReason: {
		bal.ReasonNoNote:   {TR: "Düzeltmenin nedenini yazın.", EN: "Write why the balance is adjusted."},
		bal.ReasonLongNote: {TR: "Neden en çok 500 karakter olmalı.", EN: "The reason must be at most 500 characters."},
	},
	bal.FieldAmount: {
		bal.ReasonAdjustRange: {TR: "Tutar sıfır olamaz; artı veya eksi en çok 1.000.000 olabilir.", EN: "The amount cannot be zero and must be at most 1,000,000 either way."},
	},
}

// paidOnlyText refuses a paid period beside a filter of unpaid invoices.
var paidOnlyText = i18n.Text{TR: "Bir dönemde ödenen faturalar ödenmiş ya da iade edilmiş faturalardır: status=pending, pastDue veya sort=due ile birlikte istenemez.",
	EN: "Invoices paid in a period are paid or since refunded ones: they cannot be asked with status=pending, pastDue or sort=due."}
