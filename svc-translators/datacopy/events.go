package datacopy

// The events of a KVKK request as svc-translators names them (contracts
// internal/events/contracts/privacy.requested.json and privacy.part_ready.json). They are
// internal/privacy's EventRequested and EventPartReady, spelt out here because the contracts'
// test asks every producer and consumer to name its event types in its own code.
const (
	// EventPrivacyRequested is svc-auth's request, read from events.Stream("auth").
	EventPrivacyRequested = "privacy.requested"
	// EventPrivacyPartReady is svc-translators' answer to a copy or an erasure, on
	// events.Stream("translators").
	EventPrivacyPartReady = "privacy.part_ready"
)
