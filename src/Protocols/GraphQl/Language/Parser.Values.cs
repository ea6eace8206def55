namespace RpcCompare.Protocols.GraphQl.Language;

public sealed partial class Parser
{
    private ValueNode ParseValueLiteral(bool constant)
    {
        var token = _token;
        switch (token.Kind)
        {
            case TokenKind.LeftBracket:
                return ParseList(constant);
            case TokenKind.LeftBrace:
                return ParseObject(constant);
            case TokenKind.Int:
                Advance();
                return new IntValueNode(token.Location, token.Value!);
            case TokenKind.Float:
                Advance();
                return new FloatValueNode(token.Location, token.Value!);
            case TokenKind.String:
            case TokenKind.BlockString:
                Advance();
                return new StringValueNode(token.Location, token.Value!, token.Kind == TokenKind.BlockString);
            case TokenKind.Name:
                Advance();
                return token.Value switch
                {
                    "true" => new BooleanValueNode(token.Location, true),
                    "false" => new BooleanValueNode(token.Location, false),
                    "null" => new NullValueNode(token.Location),
                    _ => new EnumValueNode(token.Location, token.Value!),
                };
            case TokenKind.Dollar:
                if (constant)
                {
                    throw Error("Unexpected variable in a constant value (default values and directive arguments of variables).", token);
                }

                return ParseVariable();
            default:
                throw Unexpected(token);
        }
    }

    private ListValueNode ParseList(bool constant)
    {
        var start = Expect(TokenKind.LeftBracket);
        Enter(start);
        var items = new List<ValueNode>();
        while (!Skip(TokenKind.RightBracket))
        {
            items.Add(ParseValueLiteral(constant));
        }

        _depth--;
        return new ListValueNode(start.Location, items);
    }

    private ObjectValueNode ParseObject(bool constant)
    {
        var start = Expect(TokenKind.LeftBrace);
        Enter(start);
        var fields = new List<ObjectFieldNode>();
        while (!Skip(TokenKind.RightBrace))
        {
            var fieldStart = _token;
            var name = ExpectName().Value!;
            Expect(TokenKind.Colon);
            fields.Add(new ObjectFieldNode(fieldStart.Location, name, ParseValueLiteral(constant)));
        }

        _depth--;
        return new ObjectValueNode(start.Location, fields);
    }
}
