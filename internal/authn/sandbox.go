package authn

import (
	"encoding/json"
	"strings"
)

// SandboxPrefix starts the id a sandbox key's requests act as: "sbx_" and the customer's id.
// A sandbox key's token names that id as its subject, so everything it makes (files, quotes,
// orders, invoices, webhook endpoints, billing details) is owned by a second account of the
// customer that no session and no live key can reach, and every ownership check and list keeps
// the two spaces apart without knowing of either (issue 29). Services that must treat sandbox
// work differently (no charge, no pool, no GİB, no revenue) ask IsSandbox of the owner's id.
const SandboxPrefix = "sbx_"

// SandboxID is the id customer's sandbox keys act as.
func SandboxID(customer string) string { return SandboxPrefix + customer }

// IsSandbox reports whether id is a sandbox space's id (SandboxID).
func IsSandbox(id string) bool {
	return strings.HasPrefix(id, SandboxPrefix) && len(id) > len(SandboxPrefix)
}

// LiveID is the customer whose sandbox id is id, or id itself when it is no sandbox id: the
// account whose name, address and mail settings a sandbox space's mails and documents use.
func LiveID(id string) string {
	if IsSandbox(id) {
		return id[len(SandboxPrefix):]
	}
	return id
}

// AboutSandbox reports whether an event's JSON payload names a sandbox id as its customer, user
// or translator (customerId, userId, translatorId): work in a sandbox space, which consumers
// that tell people (mails, inboxes, staff's notices) pass over, as only webhooks report it.
func AboutSandbox(payload []byte) bool {
	var p struct {
		CustomerID   string `json:"customerId"`
		UserID       string `json:"userId"`
		TranslatorID string `json:"translatorId"`
	}
	if json.Unmarshal(payload, &p) != nil {
		return false // the consumer that reads the event says what is wrong with it
	}
	return IsSandbox(p.CustomerID) || IsSandbox(p.UserID) || IsSandbox(p.TranslatorID)
}
