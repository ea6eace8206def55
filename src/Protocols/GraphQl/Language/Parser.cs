namespace RpcCompare.Protocols.GraphQl.Language;

/// <summary>
/// Recursive-descent parser for executable GraphQL documents (October 2021 edition): operations, fragments,
/// variables, directives and every value literal. Type system definitions are rejected as syntax errors.
/// </summary>
public sealed partial class Parser
{
    private readonly Lexer _lexer;
    private readonly int _maxDepth;
    private Token _token;
    private int _depth;

    private Parser(string source, ParserOptions options)
    {
        _lexer = new Lexer(source, options.MaxTokens);
        _maxDepth = options.MaxNestingDepth;
        _token = _lexer.Next();
    }

    /// <summary>Parses an executable document; throws <see cref="GraphQlSyntaxException"/> with a location on error.</summary>
    public static DocumentNode Parse(string source, ParserOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(source);
        options ??= ParserOptions.Default;
        if (source.Length > options.MaxDocumentLength)
        {
            throw new GraphQlSyntaxException(
                $"Document is {source.Length} characters long; the limit is {options.MaxDocumentLength}.",
                new SourceLocation(1, 1),
                ErrorCodes.MaxDocumentLengthExceeded);
        }

        return new Parser(source, options).ParseDocument();
    }

    /// <summary>Parses a type reference such as <c>[Long!]!</c>.</summary>
    public static TypeNode ParseType(string source)
    {
        ArgumentNullException.ThrowIfNull(source);
        var parser = new Parser(source, ParserOptions.Default);
        var type = parser.ParseTypeReference();
        parser.Expect(TokenKind.EndOfFile);
        return type;
    }

    /// <summary>Parses a single value literal such as <c>{ a: [1, 2] }</c>.</summary>
    public static ValueNode ParseValue(string source, bool constant = true)
    {
        ArgumentNullException.ThrowIfNull(source);
        var parser = new Parser(source, ParserOptions.Default);
        var value = parser.ParseValueLiteral(constant);
        parser.Expect(TokenKind.EndOfFile);
        return value;
    }

    private DocumentNode ParseDocument()
    {
        var definitions = new List<SyntaxNode>();
        var operations = new List<OperationDefinitionNode>();
        var fragments = new List<FragmentDefinitionNode>();
        do
        {
            var definition = ParseDefinition();
            definitions.Add(definition);
            if (definition is OperationDefinitionNode operation)
            {
                operations.Add(operation);
            }
            else
            {
                fragments.Add((FragmentDefinitionNode)definition);
            }
        }
        while (_token.Kind != TokenKind.EndOfFile);

        return new DocumentNode(definitions, operations, fragments, _lexer.TokenCount);
    }

    private SyntaxNode ParseDefinition()
    {
        if (_token.Kind == TokenKind.LeftBrace)
        {
            return ParseOperationDefinition();
        }

        if (_token.Kind == TokenKind.Name)
        {
            switch (_token.Value)
            {
                case "query" or "mutation" or "subscription":
                    return ParseOperationDefinition();
                case "fragment":
                    return ParseFragmentDefinition();
                case "schema" or "scalar" or "type" or "interface" or "union" or "enum" or "input" or "directive" or "extend":
                    throw Error(
                        $"Unexpected {_token.Describe()}: type system definitions are not allowed in an executable document.",
                        _token);
            }
        }

        if (_token.Kind is TokenKind.String or TokenKind.BlockString)
        {
            throw Error("Unexpected String: descriptions belong to type system definitions, which are not allowed here.", _token);
        }

        throw Unexpected(_token);
    }

    private OperationDefinitionNode ParseOperationDefinition()
    {
        var start = _token;
        if (start.Kind == TokenKind.LeftBrace)
        {
            var shorthand = ParseSelectionSet();
            return new OperationDefinitionNode(start.Location, OperationType.Query, null, [], [], shorthand);
        }

        var operation = ExpectName().Value switch
        {
            "query" => OperationType.Query,
            "mutation" => OperationType.Mutation,
            _ => OperationType.Subscription,
        };

        string? name = null;
        if (_token.Kind == TokenKind.Name)
        {
            name = ExpectName().Value;
        }

        var variables = ParseVariableDefinitions();
        var directives = ParseDirectives(constant: false);
        var selectionSet = ParseSelectionSet();
        return new OperationDefinitionNode(start.Location, operation, name, variables, directives, selectionSet);
    }

    private IReadOnlyList<VariableDefinitionNode> ParseVariableDefinitions()
    {
        if (_token.Kind != TokenKind.LeftParen)
        {
            return [];
        }

        Advance();
        var definitions = new List<VariableDefinitionNode>();
        do
        {
            var start = _token;
            var variable = ParseVariable();
            Expect(TokenKind.Colon);
            var type = ParseTypeReference();
            ValueNode? defaultValue = null;
            if (Skip(TokenKind.Equals))
            {
                defaultValue = ParseValueLiteral(constant: true);
            }

            var directives = ParseDirectives(constant: true);
            definitions.Add(new VariableDefinitionNode(start.Location, variable, type, defaultValue, directives));
        }
        while (!Skip(TokenKind.RightParen));

        return definitions;
    }

    private VariableNode ParseVariable()
    {
        var start = Expect(TokenKind.Dollar);
        var name = ExpectName();
        return new VariableNode(start.Location, name.Value!);
    }

    private SelectionSetNode ParseSelectionSet()
    {
        var start = _token;
        Expect(TokenKind.LeftBrace);
        Enter(start);
        var selections = new List<SelectionNode>();
        do
        {
            selections.Add(ParseSelection());
        }
        while (!Skip(TokenKind.RightBrace));

        _depth--;
        return new SelectionSetNode(start.Location, selections);
    }

    private SelectionNode ParseSelection() =>
        _token.Kind == TokenKind.Spread ? ParseFragment() : ParseField();

    private FieldNode ParseField()
    {
        var start = _token;
        var nameOrAlias = ExpectName().Value!;
        string? alias = null;
        string name;
        if (Skip(TokenKind.Colon))
        {
            alias = nameOrAlias;
            name = ExpectName().Value!;
        }
        else
        {
            name = nameOrAlias;
        }

        var arguments = ParseArguments(constant: false);
        var directives = ParseDirectives(constant: false);
        var selectionSet = _token.Kind == TokenKind.LeftBrace ? ParseSelectionSet() : null;
        return new FieldNode(start.Location, alias, name, arguments, directives, selectionSet);
    }

    private IReadOnlyList<ArgumentNode> ParseArguments(bool constant)
    {
        if (_token.Kind != TokenKind.LeftParen)
        {
            return [];
        }

        Advance();
        var arguments = new List<ArgumentNode>();
        do
        {
            var start = _token;
            var name = ExpectName().Value!;
            Expect(TokenKind.Colon);
            arguments.Add(new ArgumentNode(start.Location, name, ParseValueLiteral(constant)));
        }
        while (!Skip(TokenKind.RightParen));

        return arguments;
    }

    private SelectionNode ParseFragment()
    {
        var start = Expect(TokenKind.Spread);
        var hasTypeCondition = _token.Kind == TokenKind.Name && _token.Value == "on";
        if (!hasTypeCondition && _token.Kind == TokenKind.Name)
        {
            var name = ExpectName().Value!;
            return new FragmentSpreadNode(start.Location, name, ParseDirectives(constant: false));
        }

        NamedTypeNode? typeCondition = null;
        if (hasTypeCondition)
        {
            Advance();
            typeCondition = ParseNamedType();
        }

        var directives = ParseDirectives(constant: false);
        return new InlineFragmentNode(start.Location, typeCondition, directives, ParseSelectionSet());
    }

    private FragmentDefinitionNode ParseFragmentDefinition()
    {
        var start = ExpectName();
        var name = ExpectName();
        if (name.Value == "on")
        {
            throw Error("Unexpected Name \"on\": a fragment cannot be named \"on\".", name);
        }

        var onKeyword = ExpectName();
        if (onKeyword.Value != "on")
        {
            throw Error($"Expected \"on\", found {onKeyword.Describe()}.", onKeyword);
        }

        var typeCondition = ParseNamedType();
        var directives = ParseDirectives(constant: false);
        return new FragmentDefinitionNode(start.Location, name.Value!, typeCondition, directives, ParseSelectionSet());
    }

    private IReadOnlyList<DirectiveNode> ParseDirectives(bool constant)
    {
        if (_token.Kind != TokenKind.At)
        {
            return [];
        }

        var directives = new List<DirectiveNode>();
        while (_token.Kind == TokenKind.At)
        {
            var start = _token;
            Advance();
            var name = ExpectName().Value!;
            directives.Add(new DirectiveNode(start.Location, name, ParseArguments(constant)));
        }

        return directives;
    }

    private TypeNode ParseTypeReference()
    {
        var start = _token;
        TypeNode type;
        if (Skip(TokenKind.LeftBracket))
        {
            Enter(start);
            var inner = ParseTypeReference();
            Expect(TokenKind.RightBracket);
            _depth--;
            type = new ListTypeNode(start.Location, inner);
        }
        else
        {
            type = ParseNamedType();
        }

        return Skip(TokenKind.Bang) ? new NonNullTypeNode(start.Location, type) : type;
    }

    private NamedTypeNode ParseNamedType()
    {
        var name = ExpectName();
        return new NamedTypeNode(name.Location, name.Value!);
    }

    private void Enter(Token at)
    {
        if (++_depth > _maxDepth)
        {
            throw new GraphQlSyntaxException(
                $"Document nests deeper than {_maxDepth} levels; parsing was aborted.",
                at.Location,
                ErrorCodes.MaxParserDepthExceeded);
        }
    }

    private void Advance() => _token = _lexer.Next();

    private bool Skip(TokenKind kind)
    {
        if (_token.Kind != kind)
        {
            return false;
        }

        Advance();
        return true;
    }

    private Token Expect(TokenKind kind)
    {
        var token = _token;
        if (token.Kind != kind)
        {
            throw Error($"Expected \"{Token.Punctuator(kind)}\", found {token.Describe()}.", token);
        }

        Advance();
        return token;
    }

    private Token ExpectName()
    {
        var token = _token;
        if (token.Kind != TokenKind.Name)
        {
            throw Error($"Expected Name, found {token.Describe()}.", token);
        }

        Advance();
        return token;
    }

    private static GraphQlSyntaxException Unexpected(Token token) => Error($"Unexpected {token.Describe()}.", token);

    private static GraphQlSyntaxException Error(string message, Token token) =>
        new($"Syntax Error: {message}", token.Location);
}
