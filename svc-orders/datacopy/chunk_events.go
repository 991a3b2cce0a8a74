package datacopy

// EventPrivacyPartChunk is a piece of a large file of a copy (internal/privacy.EventPartChunk),
// which this service sends beside its privacy.part_ready when a file is larger than
// privacy.ChunkBytes.
const EventPrivacyPartChunk = "privacy.part_chunk"

// EventPrivacyPartBundle carries the customer's small uploaded documents whole, several to an
// event (internal/privacy.EventPartBundle), beside this service's privacy.part_ready.
const EventPrivacyPartBundle = "privacy.part_bundle"
