export declare const WEB_MODULE_MOCK_FILES: readonly string[];
