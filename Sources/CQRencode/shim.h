#ifndef CQRENCODE_SHIM_H
#define CQRENCODE_SHIM_H
// libqrencode (Debian libqrencode-dev): the QR code a report prints its record in. Only
// Sources/ReportKit/Render may import this module.
#include <qrencode.h>
#endif
