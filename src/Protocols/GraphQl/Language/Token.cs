namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>One lexical token. <see cref="Value"/> is set for names, numbers and (decoded) strings only.</summary>
internal readonly record struct Token(TokenKind Kind, int Start, int End, int Line, int Column, string? Value)
{
    public SourceLocation Location => new(Line, Column);

    public string Describe() => Kind switch
    {
        TokenKind.EndOfFile => "<EOF>",
        TokenKind.Name => $"Name \"{Value}\"",
        TokenKind.Int => $"Int \"{Value}\"",
        TokenKind.Float => $"Float \"{Value}\"",
        TokenKind.String or TokenKind.BlockString => "String",
        _ => $"\"{Punctuator(Kind)}\"",
    };

    public static string Punctuator(TokenKind kind) => kind switch
    {
        TokenKind.Bang => "!",
        TokenKind.Dollar => "$",
        TokenKind.Ampersand => "&",
        TokenKind.LeftParen => "(",
        TokenKind.RightParen => ")",
        TokenKind.Spread => "...",
        TokenKind.Colon => ":",
        TokenKind.Equals => "=",
        TokenKind.At => "@",
        TokenKind.LeftBracket => "[",
        TokenKind.RightBracket => "]",
        TokenKind.LeftBrace => "{",
        TokenKind.Pipe => "|",
        TokenKind.RightBrace => "}",
        TokenKind.Name => "Name",
        TokenKind.Int => "Int",
        TokenKind.Float => "Float",
        TokenKind.String or TokenKind.BlockString => "String",
        TokenKind.EndOfFile => "<EOF>",
        _ => kind.ToString(),
    };
}
