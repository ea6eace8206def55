using System.Globalization;
using System.Text;

namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>
/// Turns a document into tokens on demand (GraphQL spec, October 2021, section 2.1). Ignored tokens (white space,
/// line terminators, commas, comments, a byte order mark) are skipped; line and column are tracked for errors.
/// </summary>
internal sealed class Lexer
{
    private readonly string _source;
    private readonly int _maxTokens;
    private int _position;
    private int _line = 1;
    private int _lineStart;
    private int _tokenCount;

    public Lexer(string source, int maxTokens)
    {
        _source = source;
        _maxTokens = maxTokens;
    }

    public int TokenCount => _tokenCount;

    public Token Next()
    {
        SkipIgnored();
        var start = _position;
        var column = start - _lineStart + 1;
        if (start >= _source.Length)
        {
            return new Token(TokenKind.EndOfFile, start, start, _line, column, null);
        }

        if (++_tokenCount > _maxTokens)
        {
            throw new GraphQlSyntaxException(
                $"Document contains more than {_maxTokens} tokens; parsing was aborted.",
                new SourceLocation(_line, column),
                ErrorCodes.MaxTokensExceeded);
        }

        var c = _source[start];
        switch (c)
        {
            case '!': return Punctuator(TokenKind.Bang, start, column);
            case '$': return Punctuator(TokenKind.Dollar, start, column);
            case '&': return Punctuator(TokenKind.Ampersand, start, column);
            case '(': return Punctuator(TokenKind.LeftParen, start, column);
            case ')': return Punctuator(TokenKind.RightParen, start, column);
            case ':': return Punctuator(TokenKind.Colon, start, column);
            case '=': return Punctuator(TokenKind.Equals, start, column);
            case '@': return Punctuator(TokenKind.At, start, column);
            case '[': return Punctuator(TokenKind.LeftBracket, start, column);
            case ']': return Punctuator(TokenKind.RightBracket, start, column);
            case '{': return Punctuator(TokenKind.LeftBrace, start, column);
            case '|': return Punctuator(TokenKind.Pipe, start, column);
            case '}': return Punctuator(TokenKind.RightBrace, start, column);
            case '.':
                if (Peek(1) == '.' && Peek(2) == '.')
                {
                    _position += 3;
                    return new Token(TokenKind.Spread, start, _position, _line, column, null);
                }

                throw Error("Unexpected character \".\"; did you mean \"...\"?", start);
            case '"':
                return Peek(1) == '"' && Peek(2) == '"' ? ReadBlockString(start, column) : ReadString(start, column);
            default:
                if (IsNameStart(c))
                {
                    return ReadName(start, column);
                }

                if (c == '-' || IsDigit(c))
                {
                    return ReadNumber(start, column);
                }

                throw Error($"Unexpected character {Describe(c)}.", start);
        }
    }

    private Token Punctuator(TokenKind kind, int start, int column)
    {
        _position = start + 1;
        return new Token(kind, start, _position, _line, column, null);
    }

    private void SkipIgnored()
    {
        var source = _source;
        while (_position < source.Length)
        {
            var c = source[_position];
            switch (c)
            {
                case ' ' or '\t' or ',' or '\uFEFF':
                    _position++;
                    break;
                case '\n':
                    NewLine(_position + 1);
                    break;
                case '\r':
                    NewLine(Peek(1) == '\n' ? _position + 2 : _position + 1);
                    break;
                case '#':
                    while (_position < source.Length && source[_position] is not ('\n' or '\r'))
                    {
                        _position++;
                    }

                    break;
                default:
                    return;
            }
        }
    }

    private void NewLine(int next)
    {
        _position = next;
        _line++;
        _lineStart = next;
    }

    private Token ReadName(int start, int column)
    {
        var end = start + 1;
        while (end < _source.Length && IsNameContinue(_source[end]))
        {
            end++;
        }

        _position = end;
        return new Token(TokenKind.Name, start, end, _line, column, _source[start..end]);
    }

    private Token ReadNumber(int start, int column)
    {
        var position = start;
        var isFloat = false;
        if (_source[position] == '-')
        {
            position++;
        }

        if (CharAt(position) == '0')
        {
            position++;
            if (IsDigit(CharAt(position)))
            {
                throw Error($"Invalid number, unexpected digit after 0: {Describe(CharAt(position))}.", position);
            }
        }
        else
        {
            position = ReadDigits(position);
        }

        if (CharAt(position) == '.')
        {
            isFloat = true;
            position = ReadDigits(position + 1);
        }

        if (CharAt(position) is 'e' or 'E')
        {
            isFloat = true;
            position++;
            if (CharAt(position) is '+' or '-')
            {
                position++;
            }

            position = ReadDigits(position);
        }

        // Spec lookahead restriction: a number may not be directly followed by "." or a name start.
        var next = CharAt(position);
        if (next == '.' || IsNameStart(next))
        {
            throw Error($"Invalid number, expected digit but got: {Describe(next)}.", position);
        }

        _position = position;
        return new Token(isFloat ? TokenKind.Float : TokenKind.Int, start, position, _line, column, _source[start..position]);
    }

    private int ReadDigits(int position)
    {
        if (!IsDigit(CharAt(position)))
        {
            throw Error($"Invalid number, expected digit but got: {Describe(CharAt(position))}.", position);
        }

        while (IsDigit(CharAt(position)))
        {
            position++;
        }

        return position;
    }

    private Token ReadString(int start, int column)
    {
        var position = start + 1;
        var chunkStart = position;
        StringBuilder? builder = null;
        while (position < _source.Length)
        {
            var c = _source[position];
            if (c == '"')
            {
                string value;
                if (builder is null)
                {
                    value = _source[chunkStart..position];
                }
                else
                {
                    value = builder.Append(_source, chunkStart, position - chunkStart).ToString();
                }

                _position = position + 1;
                return new Token(TokenKind.String, start, _position, _line, column, value);
            }

            if (c is '\n' or '\r')
            {
                break;
            }

            if (c < 0x20 && c != '\t')
            {
                throw Error($"Invalid character within String: {Describe(c)}.", position);
            }

            if (c == '\\')
            {
                builder ??= new StringBuilder();
                builder.Append(_source, chunkStart, position - chunkStart);
                position = ReadEscape(position, builder);
                chunkStart = position;
                continue;
            }

            position++;
        }

        throw Error("Unterminated string.", position);
    }

    private int ReadEscape(int position, StringBuilder builder)
    {
        var escaped = CharAt(position + 1);
        switch (escaped)
        {
            case '"': builder.Append('"'); return position + 2;
            case '\\': builder.Append('\\'); return position + 2;
            case '/': builder.Append('/'); return position + 2;
            case 'b': builder.Append('\b'); return position + 2;
            case 'f': builder.Append('\f'); return position + 2;
            case 'n': builder.Append('\n'); return position + 2;
            case 'r': builder.Append('\r'); return position + 2;
            case 't': builder.Append('\t'); return position + 2;
            case 'u':
                if (position + 6 <= _source.Length
                    && int.TryParse(_source.AsSpan(position + 2, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var code))
                {
                    builder.Append((char)code);
                    return position + 6;
                }

                var length = Math.Min(6, _source.Length - position);
                throw Error($"Invalid Unicode escape sequence: \"{_source.Substring(position, length)}\".", position);
            default:
                throw Error($"Invalid character escape sequence: \"\\{escaped}\".", position);
        }
    }

    private Token ReadBlockString(int start, int column)
    {
        var startLine = _line;
        var position = start + 3;
        var chunkStart = position;
        var raw = new StringBuilder();
        while (position < _source.Length)
        {
            var c = _source[position];
            if (c == '"' && CharAt(position + 1) == '"' && CharAt(position + 2) == '"')
            {
                raw.Append(_source, chunkStart, position - chunkStart);
                _position = position + 3;
                var value = BlockString.Dedent(raw.ToString());
                return new Token(TokenKind.BlockString, start, _position, startLine, column, value);
            }

            if (c == '\\' && CharAt(position + 1) == '"' && CharAt(position + 2) == '"' && CharAt(position + 3) == '"')
            {
                raw.Append(_source, chunkStart, position - chunkStart).Append("\"\"\"");
                position += 4;
                chunkStart = position;
                continue;
            }

            if (c is '\n' or '\r')
            {
                position += c == '\r' && CharAt(position + 1) == '\n' ? 2 : 1;
                _line++;
                _lineStart = position;
                continue;
            }

            if (c < 0x20 && c != '\t')
            {
                throw Error($"Invalid character within String: {Describe(c)}.", position);
            }

            position++;
        }

        throw Error("Unterminated string.", position);
    }

    private char CharAt(int position) => position < _source.Length ? _source[position] : '\0';

    private char Peek(int offset) => CharAt(_position + offset);

    private GraphQlSyntaxException Error(string message, int position) =>
        new($"Syntax Error: {message}", new SourceLocation(_line, position - _lineStart + 1));

    private static string Describe(char c) => c == '\0'
        ? "<EOF>"
        : c < 0x20 || c > 0x7E ? $"\"\\u{(int)c:X4}\"" : $"\"{c}\"";

    private static bool IsDigit(char c) => c is >= '0' and <= '9';

    private static bool IsNameStart(char c) => c is '_' or (>= 'A' and <= 'Z') or (>= 'a' and <= 'z');

    private static bool IsNameContinue(char c) => IsNameStart(c) || IsDigit(c);
}
