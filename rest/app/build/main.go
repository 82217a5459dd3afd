// Command build rebuilds the Folio app into rest/app/dist and its typed
// operations into app/src/gen (make app; run from the repository's root).
// Commit what it writes: the server embeds rest/app/dist, and rest/app's
// tests fail when it is stale.
package main

import (
	"fmt"
	"os"

	"folio/rest/app/appbuild"
)

func main() {
	res, err := appbuild.Build("app")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := res.Write("app", "rest/app/dist"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("app built: %d files, first load %d bytes of gzip-compressed script\n", len(res.Files), res.FirstLoadGzip())
}
