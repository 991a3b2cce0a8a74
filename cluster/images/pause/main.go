// Command pause is the process of every pod's sandbox: it holds the pod's namespaces and does
// nothing else until it is told to stop, as registry.k8s.io/pause does (that image cannot be
// pulled here; cluster/images/pause/Dockerfile makes one under its name). As the pod's first
// process it also reaps any orphan handed to it, so none lingers as a zombie.
package main

import (
	"os"
	"os/signal"
	"syscall"
)

func main() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	children := make(chan os.Signal, 1)
	signal.Notify(children, syscall.SIGCHLD)
	for {
		select {
		case <-stop:
			return
		case <-children:
			for {
				var status syscall.WaitStatus
				if pid, err := syscall.Wait4(-1, &status, syscall.WNOHANG, nil); pid <= 0 || err != nil {
					break
				}
			}
		}
	}
}
