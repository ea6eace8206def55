namespace RpcCompare.Protocols.GraphQl.Language;

internal enum TokenKind
{
    StartOfFile,
    EndOfFile,
    Bang,
    Dollar,
    Ampersand,
    LeftParen,
    RightParen,
    Spread,
    Colon,
    Equals,
    At,
    LeftBracket,
    RightBracket,
    LeftBrace,
    Pipe,
    RightBrace,
    Name,
    Int,
    Float,
    String,
    BlockString,
}
