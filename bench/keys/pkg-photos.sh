#!/bin/sh
# Rebuilds /tmp/photos10 (the photos of bench/keys/pkg-photos.json) from the registries,
# on Debian 12 (bookworm) with 'apt-get update' done first, pip, tar and dpkg-deb.
set -e
mkdir -p /tmp/photos10 && cd /tmp/photos10
apt-get download \
  libjxl-testdata=0.0~git20230110.d6168ff-1 \
  labelme-examples=5.1.1-1 \
  puzzle-jigsaw=1.0.2+git20201007.527c529+dfsg-4+b1 \
  libsixel-examples=1.10.3-3 \
  qtwebengine5-examples=5.15.13+dfsg-1~deb12u1 \
  qtdeclarative5-examples=5.15.8+dfsg-3 \
  qtbase5-examples=5.15.8+dfsg-11+deb12u3 \
  wx3.2-examples=3.2.2+dfsg-2 \
  gambas3-examples=3.18.0-4 \
  lxqt-themes=1.2.0-1
for f in *.deb; do d=x/${f%%_*}; mkdir -p $d; dpkg-deb -x $f $d; done
mkdir -p pip
pip download --no-deps --no-binary thumbor thumbor==7.8.0 -d pip
pip download --no-deps --no-binary smartcrop smartcrop==0.5.0 -d pip
tar xzf pip/thumbor-7.8.0.tar.gz -C pip
tar xzf pip/smartcrop-0.5.0.tar.gz -C pip
