window.libVersion = '1.2'; log.push('lib body ran');
