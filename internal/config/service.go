package config

import "time"

// Service is the configuration every service process shares: where it listens, how it is found
// and what it depends on. Service-specific settings are read beside it in the service's main.
type Service struct {
	Name          string
	HTTPAddr      string // listen address, ":8086" or "127.0.0.1:0"
	AdvertiseHost string // the host other processes reach this instance at (the pod IP in Kubernetes)
	ConsulAddr    string
	CheckInterval time.Duration
	MongoURI      string
	MongoDatabase string
	RedisURL      string
	LogLevel      string
	// SiteOrigins are the site's own origins (SITE_ORIGINS): a write carrying the session cookies
	// is taken from them only (authn.CheckOrigin).
	SiteOrigins []string
}

// LoadService reads the shared settings for the service called name.
func LoadService(e *Env, name, defaultAddr string) Service {
	return Service{
		Name:          name,
		HTTPAddr:      e.String("HTTP_ADDR", defaultAddr),
		AdvertiseHost: e.String("ADVERTISE_HOST", "127.0.0.1"),
		ConsulAddr:    e.String("CONSUL_HTTP_ADDR", "127.0.0.1:8500"),
		CheckInterval: e.Duration("CONSUL_CHECK_INTERVAL", 2*time.Second),
		MongoURI:      e.String("MONGO_URI", "mongodb://127.0.0.1:27018/"),
		MongoDatabase: e.String("MONGO_DATABASE", name),
		RedisURL:      e.String("REDIS_URL", "redis://127.0.0.1:6390/0"),
		LogLevel:      e.String("LOG_LEVEL", "info"),
		SiteOrigins:   e.List("SITE_ORIGINS", nil),
	}
}
