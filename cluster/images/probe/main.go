// Command probe opens a TCP connection to each address it is given and prints one line for each:
// "ADDRESS ok" or "ADDRESS refused: why". The cluster tests run it as an ephemeral container in a
// pod of each program (kubectl debug), so the connection leaves from that pod's network
// namespace and its NetworkPolicies decide; the images themselves have no shell or tools.
package main

import (
	"fmt"
	"net"
	"os"
	"sync"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: probe HOST:PORT...")
		os.Exit(2)
	}
	lines := make([]string, len(os.Args)-1)
	var wg sync.WaitGroup
	for i, addr := range os.Args[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// A policy that drops packets shows as a timeout; 3 s is far above a connection
			// inside one node.
			conn, err := net.DialTimeout("tcp", addr, 3*time.Second)
			if err != nil {
				lines[i] = addr + " refused: " + err.Error()
				return
			}
			conn.Close()
			lines[i] = addr + " ok"
		}()
	}
	wg.Wait()
	for _, l := range lines {
		fmt.Println(l)
	}
}
