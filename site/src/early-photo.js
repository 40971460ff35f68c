window.estatePhotos = {
  draw: (box, picture, sizes, first) => {
    const img = document.createElement('img');
    let drawn = img;
    if (picture.webp) {
      drawn = document.createElement('picture');
      drawn.className = 'picture';
      const source = document.createElement('source');
      source.type = 'image/webp';
      source.srcset = picture.webp;
      source.sizes = sizes;
      drawn.append(source, img);
    }
    img.alt = '';
    if (first) {
      img.setAttribute('fetchpriority', 'high');
      img.setAttribute('elementtiming', 'photo');
    } else {
      img.setAttribute('loading', 'lazy');
      img.setAttribute('decoding', 'async');
    }
    if (picture.srcset) {
      img.srcset = picture.srcset;
      img.sizes = sizes;
    }
    img.src = picture.src;
    if (picture.color) img.style.backgroundColor = picture.color;
    box.replaceChildren(drawn);
    return img;
  },
  preload: (picture, sizes) => {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = picture.src;
    const srcset = picture.webp || picture.srcset;
    if (srcset) {
      link.setAttribute('imagesrcset', srcset);
      link.setAttribute('imagesizes', sizes);
    }
    if (picture.webp) link.type = 'image/webp';
    link.setAttribute('fetchpriority', 'high');
    document.head.append(link);
  },
};
