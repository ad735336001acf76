#!/bin/sh
# Rebuild /tmp/photos9 (Debian 12 bookworm packages); the key is bench/keys/debian-docs.json
set -e
mkdir -p /tmp/photos9/deb && cd /tmp/photos9/deb
apt-get download hugin-data=2022.0.0+dfsg-2 gimp-data=2.10.34-1+deb12u10 imagemagick-6-doc=8:6.9.11.60+dfsg-1.6+deb12u16 \
  inkscape=1.2.2-2+deb12u1 scribus-data=1.5.8+dfsg-4 scribus-template=1.2.4.1-6 digikam-data=4:7.9.0-1 darktable=4.2.1-4
for f in *.deb; do d=x/${f%%_*}; mkdir -p $d; dpkg-deb -x $f $d; done
echo "the key is bench/keys/debian-docs.json"
