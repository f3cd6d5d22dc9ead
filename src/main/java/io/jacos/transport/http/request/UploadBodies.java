package io.jacos.transport.http.request;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/**
 * The zip in an {@link ArchiveUpload} body: the body itself for a zip media type, the {@code file} part of a
 * {@code multipart/form-data} body. The multipart reading is bounded by the body, already read within its limit,
 * and by {@link #MAX_PARTS} parts of at most {@link #MAX_HEADER_BYTES} bytes of headers each; a body that breaks
 * the multipart rules is refused with 400, another media type with 415.
 */
final class UploadBodies {

    static final String FILE_PART = "file";
    static final int MAX_PARTS = 32;
    static final int MAX_HEADER_BYTES = 8192;
    private static final Set<String> ZIP_TYPES = Set.of("application/zip", "application/x-zip-compressed",
            "application/octet-stream");
    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] HEADERS_END = {'\r', '\n', '\r', '\n'};

    private UploadBodies() {
    }

    /** @throws HttpRefusal 415 when a body of this content type is no upload this server reads */
    static void checkType(String contentType) {
        String media = ContentType.parse(contentType).mediaType();
        if (!ZIP_TYPES.contains(media) && !media.equals("multipart/form-data")) {
            throw new HttpRefusal(415, "An upload here must be application/zip or multipart/form-data.");
        }
    }

    /** The zip the body carries; empty when a form has no {@code file} part. */
    static byte[] zip(String contentType, byte[] body) {
        checkType(contentType);
        if (ZIP_TYPES.contains(ContentType.parse(contentType).mediaType())) {
            return body;
        }
        return filePart(body, boundary(contentType));
    }

    static String boundary(String contentType) {
        for (String parameter : contentType.split(";")) {
            String p = parameter.trim();
            if (p.toLowerCase(Locale.ROOT).startsWith("boundary=")) {
                String value = p.substring("boundary=".length()).trim();
                if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                if (value.isEmpty() || value.length() > 70 || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
                    break;
                }
                return value;
            }
        }
        throw new HttpRefusal(400, "A multipart/form-data body needs a boundary of 1 to 70 printable characters.");
    }

    private static byte[] filePart(byte[] body, String boundary) {
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.US_ASCII);
        int at = indexOf(body, delimiter, 0);
        if (at < 0) {
            throw malformed("it has no boundary line");
        }
        byte[] file = null;
        for (int parts = 0; ; parts++) {
            at += delimiter.length;
            if (startsWith(body, at, new byte[]{'-', '-'})) {
                return file == null ? new byte[0] : file;
            }
            if (parts == MAX_PARTS) {
                throw malformed("it has more than " + MAX_PARTS + " parts");
            }
            at = skipLine(body, at);
            int headersEnd = indexOf(body, HEADERS_END, at - CRLF.length);
            if (headersEnd < 0 || headersEnd - at > MAX_HEADER_BYTES) {
                throw malformed("a part's headers do not end within " + MAX_HEADER_BYTES + " bytes");
            }
            String headers = new String(body, at, Math.max(0, headersEnd - at), StandardCharsets.UTF_8);
            int start = headersEnd + HEADERS_END.length;
            int end = indexOf(body, concat(CRLF, delimiter), start - CRLF.length);
            if (end < 0) {
                throw malformed("a part does not end with the boundary");
            }
            if (FILE_PART.equals(partName(headers))) {
                if (file != null) {
                    throw malformed("it has two 'file' parts");
                }
                file = java.util.Arrays.copyOfRange(body, start, Math.max(start, end));
            }
            at = end + CRLF.length;
        }
    }

    /** The {@code name} of a part's {@code Content-Disposition: form-data}; null when it has none. */
    static String partName(String headers) {
        for (String line : headers.split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Disposition")) {
                for (String parameter : line.substring(colon + 1).split(";")) {
                    String p = parameter.trim();
                    if (p.toLowerCase(Locale.ROOT).startsWith("name=")) {
                        String name = p.substring(5).trim();
                        return name.length() >= 2 && name.startsWith("\"") && name.endsWith("\"")
                                ? name.substring(1, name.length() - 1) : name;
                    }
                }
            }
        }
        return null;
    }

    private static int skipLine(byte[] body, int at) {
        int end = indexOf(body, CRLF, at);
        if (end < 0 || end - at > 256) {
            throw malformed("a boundary line does not end");
        }
        return end + CRLF.length;
    }

    static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = Math.max(0, from); i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static boolean startsWith(byte[] body, int at, byte[] prefix) {
        return at + prefix.length <= body.length
                && java.util.Arrays.equals(body, at, at + prefix.length, prefix, 0, prefix.length);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] both = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, both, a.length, b.length);
        return both;
    }

    private static HttpRefusal malformed(String why) {
        return new HttpRefusal(400, "The multipart/form-data body is malformed: " + why + ".");
    }
}
